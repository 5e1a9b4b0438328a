import { apiErrorSchema } from '../../src/api/schemas/error.schema';

const error = (description: string) => ({ description, content: { 'application/json': { schema: apiErrorSchema } } });

/** Error responses every route documents: the body is always {status_code, message}, translated. */
export const errorResponses = {
  badRequest: { 400: error('Invalid input (first problem, translated per X-App-Language)') },
  unauthorized: { 401: error('Missing, invalid, expired or revoked bearer token') },
  forbidden: { 403: error('Missing or wrong X-XSRF-TOKEN (must equal the XSRF-TOKEN cookie)') },
  notFound: { 404: error('Not found') },
};

export const bearerSecurity = [{ bearerAuth: [] }];
