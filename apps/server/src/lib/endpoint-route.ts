import type {
  EndpointAccess,
  EndpointDefinition,
  MultipartBody,
} from '@ipatient/contracts/endpoints/define';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
} from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Registers a route from its endpoint definition (packages/contracts/src/endpoints): the method,
 * the path, the schemas that validate and serialize it, its OpenAPI text and its authorisation
 * check all come from the one definition the web's client is typed from. A route module writes
 *
 *   app.route({ ...endpointRoute(app, endpoints.podcasts.get), handler: async (request) => … })
 *
 * and Fastify types `request.params`, `request.query`, `request.body` and the reply from it.
 * The access check runs as the request arrives, so a visitor calling a member's endpoint gets
 * 401 whatever they sent.
 */

const bearer = [{ bearerAuth: [] }] as const;

type Check = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The check each kind of access runs before the handler. */
function accessCheck(app: FastifyInstance, access: EndpointAccess): Check | undefined {
  switch (access) {
    case 'public':
      return undefined;
    case 'viewer':
      return app.optionalUser;
    case 'member':
      return app.requireUser;
    case 'admin':
      return app.requireAdmin;
  }
}

type SchemaOf<E extends EndpointDefinition> = {
  tags: string[];
  summary: string;
  description?: string;
  security?: typeof bearer;
  consumes?: string[];
  hide?: boolean;
  response: E['responses'];
} & (E extends { params: infer P } ? { params: P } : unknown) &
  (E extends { query: infer Q } ? { querystring: Q } : unknown) &
  (E extends { body: infer B } ? { body: B } : unknown);

/** The document's body of a multipart route: its fields, and each file as binary. */
function multipartDocument(
  multipart: MultipartBody,
): (...args: Parameters<typeof jsonSchemaTransform>) => { schema: FastifySchema; url: string } {
  return (args) => {
    const transformed = jsonSchemaTransform(args);
    const fields = z.toJSONSchema(multipart.fields, { io: 'input', unrepresentable: 'any' });
    const properties: Record<string, unknown> = { ...(fields.properties ?? {}) };
    for (const [name, description] of Object.entries(multipart.files)) {
      properties[name] = { type: 'string', format: 'binary', description };
    }
    const body = { type: 'object', properties };
    return { ...transformed, schema: { ...transformed.schema, body } };
  };
}

export function endpointRoute<const E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  config: FastifyContextConfig = {},
) {
  const check = accessCheck(app, endpoint.access);
  const schema = {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...(endpoint.description === undefined ? {} : { description: endpoint.description }),
    ...(endpoint.access === 'member' || endpoint.access === 'admin' ? { security: bearer } : {}),
    ...(endpoint.hidden ? { hide: true } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.multipart
      ? {
          consumes: endpoint.multipart.json
            ? ['multipart/form-data', 'application/json']
            : ['multipart/form-data'],
        }
      : {}),
    response: endpoint.responses,
  } as SchemaOf<E>;
  return {
    method: endpoint.method,
    url: endpoint.path,
    // As the request arrives, before its body is read or validated: a caller who may not use
    // the endpoint learns nothing about what it takes.
    ...(check ? { onRequest: check } : {}),
    schema,
    config: {
      ...config,
      access: endpoint.access,
      ...(endpoint.multipart ? { swaggerTransform: multipartDocument(endpoint.multipart) } : {}),
    },
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route, from its endpoint definition (set by `endpointRoute`). */
    access?: EndpointAccess;
  }
}
