/**
 * The "Authorizations" section: each security scheme the operation accepts, as the header, query
 * or cookie field the reader has to send. Alternatives (`security: [{a: []}, {b: []}]`) are tabs.
 */
import { fieldHtml, tabsHtml } from '../../content/mdx/components/ui.ts';
import { escapeHtml } from '../../content/mdx/escape.ts';
import type { PageContext } from './context.ts';
import { stringOf } from '../../openapi/endpoint/json.ts';
import { fieldView } from './schema.ts';
import type { SchemeUse, SecurityModel } from '../../openapi/endpoint/model.ts';

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
    return field('header', 'Authorization', 'The access token received from the authorization server in the OAuth 2.0 flow.');
  }
  if (type === 'mutualtls') {
    return `<p class="endpoint-note">This endpoint authenticates with a client TLS certificate (<code>${escapeHtml(use.name)}</code>).</p>${description}`;
  }
  return `<p class="endpoint-note">Security scheme <code>${escapeHtml(use.name)}</code>${type === undefined ? '' : ` (${escapeHtml(type)})`}.</p>${description}`;
}

function scopesHtml(scopes: string[]): string {
  if (scopes.length === 0) return '';
  return `<p class="field-details">Required scopes: ${scopes.map((scope) => `<code>${escapeHtml(scope)}</code>`).join(', ')}</p>`;
}
