/**
 * The "Authorizations" section: each security scheme the operation accepts, as the header, query
 * or cookie field the reader has to send. Alternatives (`security: [{a: []}, {b: []}]`) are tabs.
 */
import { fieldHtml, tabsHtml } from '../../content/mdx/components/ui.ts';
import { escapeHtml } from '../../shared/html-escape.ts';
import type { PageContext } from './context.ts';
import { recordOf, stringOf, type JsonObject } from '../../openapi/endpoint/json.ts';
import { fieldView } from './schema.ts';
import type { EndpointModel, SchemeUse, SecurityModel } from '../../openapi/endpoint/model.ts';
import type { Operation } from '../../openapi/types.ts';

/**
 * The security the page lists. A webhook is a request the API sends to the reader's server, so
 * the API's own inbound auth (the document's top-level `security`) does not apply to it; only a
 * `security` written on the webhook itself does.
 */
export function pageSecurity(model: EndpointModel, operation: Operation): SecurityModel {
  if (operation.kind === 'webhook' && !Array.isArray(model.operation.security)) return { alternatives: [], optional: false };
  return model.security;
}

export function securityHtml(security: SecurityModel, context: PageContext): string {
  const required = !security.optional;
  const sets = security.alternatives.map((uses) => uses.map((use) => schemeHtml(use, required, context)).join(''));
  let html = security.optional ? '<p class="endpoint-note">Authorization is optional for this endpoint.</p>' : '';
  if (sets.length === 1) return html + sets[0];
  const items = security.alternatives.map((uses, index) => ({
    titleHtml: escapeHtml(uses.map((use) => use.name).join(' & ')),
    html: sets[index]!,
  }));
  html += tabsHtml(items, context, { className: 'tabs endpoint-auth-options' });
  return html;
}

function schemeHtml(use: SchemeUse, required: boolean, context: PageContext): string {
  const scheme = use.scheme;
  if (!scheme) {
    return `<p class="endpoint-note">The security scheme <code>${escapeHtml(use.name)}</code> is not defined in this document.</p>`;
  }
  const type = stringOf(scheme.type)?.toLowerCase();
  const written = stringOf(scheme.description);
  const description = written === undefined ? '' : context.md(written);
  const field = (location: 'header' | 'query' | 'cookie', name: string, explanation: string) =>
    fieldHtml({
      ...fieldView(name, location),
      type: 'string',
      required,
      descriptionHtml: `${explanation === '' ? '' : `<p>${explanation}</p>`}${description}${scopesHtml(use.scopes)}`,
    });

  if (type === 'apikey') {
    const location = scheme.in === 'query' || scheme.in === 'cookie' ? scheme.in : 'header';
    return field(location, stringOf(scheme.name) ?? use.name, '');
  }
  const httpScheme = stringOf(scheme.scheme)?.toLowerCase();
  if (type === 'basic' || (type === 'http' && httpScheme === 'basic')) {
    return field(
      'header',
      'Authorization',
      'Basic authentication header of the form <code>Basic &lt;encoded-value&gt;</code>, where <code>&lt;encoded-value&gt;</code> is the base64-encoded string <code>username:password</code>.',
    );
  }
  if (type === 'http') {
    const name = httpScheme === undefined || httpScheme === 'bearer' ? 'Bearer' : stringOf(scheme.scheme)!;
    const format = stringOf(scheme.bearerFormat);
    return field(
      'header',
      'Authorization',
      `${escapeHtml(name)} authentication header of the form <code>${escapeHtml(name)} &lt;token&gt;</code>, where <code>&lt;token&gt;</code> is your auth token${format === undefined ? '' : ` (${escapeHtml(format)})`}.`,
    );
  }
  if (type === 'oauth2' || type === 'openidconnect') {
    return field('header', 'Authorization', 'The access token received from the authorization server in the OAuth 2.0 flow.') + oauthHtml(scheme);
  }
  if (type === 'mutualtls') {
    return `<p class="endpoint-note">This endpoint authenticates with a client TLS certificate (<code>${escapeHtml(use.name)}</code>).</p>${description}`;
  }
  return `<p class="endpoint-note">Security scheme <code>${escapeHtml(use.name)}</code>${type === undefined ? '' : ` (${escapeHtml(type)})`}.</p>${description}`;
}

/** OAuth 2.0 flow names as people say them; OpenAPI 3 keys and Swagger 2.0 `flow` values. */
const FLOW_NAMES: Record<string, string> = {
  implicit: 'Implicit',
  password: 'Password',
  clientCredentials: 'Client credentials',
  application: 'Client credentials',
  authorizationCode: 'Authorization code',
  accessCode: 'Authorization code',
};

const FLOW_URLS: [key: string, label: string][] = [
  ['authorizationUrl', 'Authorization URL'],
  ['tokenUrl', 'Token URL'],
  ['refreshUrl', 'Refresh URL'],
];

/**
 * Where to get a token: each OAuth 2.0 flow with its URLs and the scopes it offers (OpenAPI 3
 * `flows`, or Swagger 2.0's single `flow` on the scheme itself), or OpenID Connect's discovery URL.
 */
function oauthHtml(scheme: JsonObject): string {
  const discovery = stringOf(scheme.openIdConnectUrl);
  if (discovery !== undefined) return `<div class="endpoint-oauth"><p>OpenID Connect discovery URL: <code>${escapeHtml(discovery)}</code></p></div>`;
  const entries = oauthFlows(scheme);
  if (entries.length === 0) return '';
  return `<div class="endpoint-oauth">${entries.map(([name, flow]) => flowHtml(name, flow)).join('')}</div>`;
}

/** `[name, flow]` pairs: OpenAPI 3's `flows` map, or Swagger 2.0's scheme, which is its one flow. */
function oauthFlows(scheme: JsonObject): [string, JsonObject][] {
  const flows = recordOf(scheme.flows);
  if (!flows) return typeof scheme.flow === 'string' ? [[scheme.flow, scheme]] : [];
  return Object.entries(flows).flatMap(([name, value]): [string, JsonObject][] => {
    const flow = recordOf(value);
    return flow ? [[name, flow]] : [];
  });
}

function flowHtml(name: string, flow: JsonObject): string {
  let html = `<p class="endpoint-oauth-flow">${escapeHtml(FLOW_NAMES[name] ?? name)} flow</p>`;
  const urls = FLOW_URLS.flatMap(([key, label]) => {
    const url = stringOf(flow[key]);
    return url === undefined ? [] : [`<li>${label}: <code>${escapeHtml(url)}</code></li>`];
  });
  const scopes = Object.entries(recordOf(flow.scopes) ?? {}).map(([scope, description]) => {
    const text = stringOf(description);
    return `<li><code>${escapeHtml(scope)}</code>${text === undefined || text.trim() === '' ? '' : ` ${escapeHtml(text)}`}</li>`;
  });
  if (urls.length > 0) html += `<ul class="endpoint-oauth-urls">${urls.join('')}</ul>`;
  if (scopes.length > 0) html += `<p class="endpoint-oauth-scopes-title">Scopes</p><ul class="endpoint-oauth-scopes">${scopes.join('')}</ul>`;
  return html;
}

function scopesHtml(scopes: string[]): string {
  if (scopes.length === 0) return '';
  return `<p class="field-details">Required scopes: ${scopes.map((scope) => `<code>${escapeHtml(scope)}</code>`).join(', ')}</p>`;
}
