/**
 * An endpoint as plain data (src/openapi/endpoint/plain.ts, what `docjet mcp`'s `get_api_operation`
 * answers): references followed into schemas, a component inside itself written once as circular,
 * a reference to nothing named, properties called like keywords still schemas, examples as written.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseOpenApi } from '../../src/openapi/load.ts';
import { plainEndpoint } from '../../src/openapi/endpoint/plain.ts';

const spec = {
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1' },
  servers: [{ url: 'https://api.example.com/{stage}', variables: { stage: { default: 'v1' } } }],
  components: {
    securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
    parameters: { Limit: { name: 'limit', in: 'query', description: 'At most this many.', schema: { type: 'integer', default: 20 } } },
    schemas: {
      Pet: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', example: 'Rex' },
          default: { $ref: '#/components/schemas/Tag' },
          parent: { $ref: '#/components/schemas/Pet' },
          owner: { $ref: '#/components/schemas/Nobody' },
        },
      },
      Tag: { type: 'string', enum: ['a', 'b'] },
    },
  },
  paths: {
    '/pets/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      put: {
        operationId: 'replacePet',
        summary: 'Replace a pet',
        security: [{ key: [] }],
        parameters: [{ $ref: '#/components/parameters/Limit' }],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' }, example: { name: 'Rex', x: { $ref: '#/not/followed' } } } } },
        responses: { '200': { description: 'The pet.', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } } } },
      },
    },
  },
};

test('an operation as data: parameters of the path and the operation, body, responses, servers and security, schemas resolved', () => {
  const document = parseOpenApi({ file: 'api/pets.json', text: JSON.stringify(spec) }).document!;
  const pet = {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', example: 'Rex' },
      default: { type: 'string', enum: ['a', 'b'] },
      parent: { $circular: 'Pet' },
      owner: { $unresolved: '#/components/schemas/Nobody' },
    },
  };
  assert.deepEqual(plainEndpoint(document, document.operations[0]!), {
    spec: 'api/pets.json',
    kind: 'operation',
    method: 'PUT',
    path: '/pets/{id}',
    operationId: 'replacePet',
    summary: 'Replace a pet',
    tags: [],
    servers: [{ url: 'https://api.example.com/v1' }],
    security: [[{ scheme: 'key', type: 'apiKey', in: 'header', name: 'X-Key', scopes: [] }]],
    parameters: [
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'limit', in: 'query', required: false, description: 'At most this many.', schema: { type: 'integer', default: 20 } },
    ],
    requestBody: { required: true, content: [{ mediaType: 'application/json', schema: pet, examples: [{ name: 'Rex', x: { $ref: '#/not/followed' } }] }] },
    responses: [
      { status: '200', description: 'The pet.', content: [{ mediaType: 'application/json', schema: { type: 'array', items: { ...pet, properties: { ...pet.properties } } } }] },
    ],
  });
});
