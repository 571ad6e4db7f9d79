import fp from 'fastify-plugin';
import type { AddressLookup } from '../../address/addressLookup.ts';
import { canadaPostAddressLookup } from '../../address/canadaPostAddressLookup.ts';
import { localAddressLookup } from '../../address/localAddressLookup.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Address suggestions and details: Canada Post with ADDRESS_COMPLETE_KEY, the local dataset otherwise. */
    addressLookup: AddressLookup;
  }
}

export default fp(
  async (app) => {
    const key = app.settings.addressCompleteKey;
    app.decorate('addressLookup', key ? canadaPostAddressLookup({ key }) : localAddressLookup());
  },
  { name: 'address-lookup', dependencies: ['infrastructure'] },
);
