/**
 * The "Get a token" part of the Try-it panel for an OAuth 2.0 or OpenID Connect scheme: the flows a
 * browser can run (authorization code with PKCE, client credentials), their URLs and scopes, as
 * JSON data the panel's script (src/client/playground-oauth.ts) reads; an OpenID Connect scheme
 * gives its discovery URL, which the script reads the endpoints and scopes from. The scopes the
 * operation asks for are chosen to start with. Nothing here is markup from the spec: every value
 * is an attribute, escaped.
 */
import { attributes, escapeHtml } from '../../shared/html-escape.ts';
import type { SchemeUse } from '../../openapi/endpoint/model.ts';

export interface OAuthFlow {
  kind: 'authorizationCode' | 'clientCredentials';
  authorizationUrl?: string;
  tokenUrl: string;
  scopes: string[];
}

export interface OAuthData {
  flows: OAuthFlow[];
  /** OpenID Connect's discovery document (`openIdConnectUrl`). */
  discovery?: string;
  /** The scopes the operation asks for. */
  required: string[];
  /** The token field's `data-store`, which the token goes into. */
  store: string;
}

type Json = Record<string, unknown>;
const record = (value: unknown): Json | undefined => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** The flows of an OAuth 2.0 scheme (OpenAPI 3 `flows`, Swagger 2.0 `flow`) a browser can run. */
export function oauthData(use: SchemeUse, store: string): OAuthData | undefined {
  const scheme = use.scheme ?? {};
  const type = text(scheme.type)?.toLowerCase();
  const data: OAuthData = { flows: [], required: use.scopes, store };
  if (type === 'openidconnect') {
    const discovery = text(scheme.openIdConnectUrl);
    if (!discovery) return undefined;
    data.discovery = discovery;
    return data;
  }
  const flow = (kind: OAuthFlow['kind'], value: unknown): void => {
    const written = record(value);
    const tokenUrl = text(written?.tokenUrl);
    const authorizationUrl = text(written?.authorizationUrl);
    if (!written || !tokenUrl || (kind === 'authorizationCode' && !authorizationUrl)) return;
    data.flows.push({ kind, ...(authorizationUrl && kind === 'authorizationCode' ? { authorizationUrl } : {}), tokenUrl, scopes: Object.keys(record(written.scopes) ?? {}) });
  };
  const flows = record(scheme.flows);
  if (flows) {
    flow('authorizationCode', flows.authorizationCode);
    flow('clientCredentials', flows.clientCredentials);
  } else {
    // Swagger 2.0: one flow on the scheme itself.
    const kind = text(scheme.flow);
    if (kind === 'accessCode') flow('authorizationCode', scheme);
    if (kind === 'application') flow('clientCredentials', scheme);
  }
  return data.flows.length > 0 ? data : undefined;
}

/** The controls; the script fills in the flows and scopes and shows the part (hidden without script). */
export function oauthHtml(use: SchemeUse, store: string): string {
  const data = oauthData(use, store);
  if (!data) return '';
  const field = (label: string, control: string): string => `<label class="playground-field"><span class="playground-label">${label}</span>${control}</label>`;
  return (
    `<div class="playground-oauth"${attributes({ 'data-oauth': JSON.stringify(data), hidden: true })}>` +
    field('Flow', '<select data-oauth-flow></select>') +
    field(`Client ID <span class="playground-hint">${escapeHtml(use.name)}</span>`, '<input type="text" data-oauth-client autocomplete="off" spellcheck="false">') +
    field('Client secret', '<input type="password" data-oauth-secret autocomplete="off" spellcheck="false" placeholder="none for a public client">') +
    '<fieldset class="playground-oauth-scopes" data-oauth-scopes><legend>Scopes</legend></fieldset>' +
    '<div class="playground-actions"><button type="button" class="playground-oauth-get" data-oauth-get>Get token</button></div>' +
    '<p class="playground-note" data-oauth-status role="status"></p>' +
    '</div>'
  );
}
