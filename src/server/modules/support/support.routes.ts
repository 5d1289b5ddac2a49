import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const supportRoutes: FastifyPluginAsyncZod = async () => {};
