import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A plugin of `plugins/app/` that decorates the instance with one service, built from what the
 * plugins it depends on decorated before it. The decoration must have the type the plugin declares
 * on FastifyInstance: `app.decorate` alone would take anything under that name.
 */
export function servicePlugin<K extends keyof FastifyInstance>(
  decoration: K,
  build: (app: FastifyInstance) => FastifyInstance[K],
  plugin: { name: string; dependencies?: string[] },
) {
  return fp(
    async (app) => {
      // Fastify's own typing of decorate cannot follow a generic name; `build` is held to it above.
      const service: unknown = build(app);
      app.decorate(decoration as string, service);
    },
    { name: plugin.name, dependencies: plugin.dependencies ?? ['infrastructure'] },
  );
}
