import { bearerSecurity, errorResponses, fullAuthErrors, json, route } from '../route-contract';
import { materialListResponseSchema, materialQuerySchema } from './materials.schema';

// ADR 018: the material library, declared once for the server, the client and the document.

const common = { tags: ['materials'], security: bearerSecurity } as const;
export const listMaterialsRoute = route({
  ...common,
  method: 'get',
  path: '/api/materials',
  summary: 'The material library: attachments a learner may open, newest first; `q` matches the name',
  request: { query: materialQuerySchema },
  responses: { 200: json('A page of materials', materialListResponseSchema), ...errorResponses.badRequest, ...fullAuthErrors },
});
