import { type TLanguage, toLanguage } from '@rounds/contracts/common';
import type { FastifyRequest } from 'fastify';

/** The client sends its language in Accept-Language (doc 1 section 7); anything other than fr is English. */
export function requestLanguage(req: FastifyRequest): TLanguage {
  return toLanguage(req.headers['accept-language']?.split(',')[0]?.trim());
}
