import { randomUUID } from 'node:crypto';
import { bearer, login, registerConfirmed } from '../accounts/accountFlows.ts';
import type { TestApp } from '../testApp.ts';

export type Persona = 'anonymous' | 'bidder' | 'volunteer' | 'auditor' | 'otherManager' | 'manager' | 'administrator';
export const PERSONAS: readonly Persona[] = [
  'anonymous',
  'bidder',
  'volunteer',
  'auditor',
  'otherManager',
  'manager',
  'administrator',
];

const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

/**
 * Two organisations; the first runs a public and a private auction, each with a lot, a category,
 * a closing group, a tab and a photo, and has a team. The personas of the authorisation matrix:
 * a bidder, a volunteer, an auditor and a manager of the first organisation, a manager of the second, the
 * demo administrator.
 */
export async function authorizationFixtures(test: TestApp) {
  const { db } = test.database;
  const admin = bearer((await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!')).body.token);
  const call = async (method: string, url: string, payload?: unknown) => {
    const response = await test.app.inject({
      method: method as 'POST',
      url,
      headers: admin,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const organization = await call('POST', '/api/admin/organizations', { name: `Fondation ${randomUUID()}` });
  const other = await call('POST', '/api/admin/organizations', { name: `Autre ${randomUUID()}` });

  async function auction(type: 1 | 2) {
    const urlMagicLink = `${type === 2 ? 'prive' : 'public'}-${randomUUID().slice(0, 8)}`;
    const created = await call('POST', '/api/admin/auctions', {
      organizationId: organization.id,
      urlMagicLink,
      type,
      status: 3,
      donationType: 1,
      donationAllowOtherAmount: true,
      translations: { fr: { titleShort: `Encan ${urlMagicLink}` } },
      dateOpen: inHours(-1),
      dateCompleted: inHours(6),
    });
    const lot = await call('POST', `/api/admin/auctions/${created.id}/lots`, {
      lotNumber: 1,
      translations: { fr: { name: 'Panier gourmand' } },
      startingBid: 100,
      minimumIncrement: 10,
      dateCompleted: inHours(4),
    });
    const category = await call('POST', `/api/admin/auctions/${created.id}/categories`, {
      translations: { fr: 'Gourmandises' },
    });
    const closingGroup = await call('POST', `/api/admin/auctions/${created.id}/closing-groups`, {
      translations: { fr: 'Premier groupe' },
      dateCompleted: inHours(5),
    });
    const tab = await call('POST', `/api/admin/auctions/${created.id}/tabs`, {
      translations: { fr: { name: 'Infos', url: 'infos', title: 'Infos', content: 'Bienvenue' } },
    });
    const photo = await call('POST', `/api/admin/auctions/${created.id}/photos`, {
      fullPath: 'https://cdn.example.org/photo.jpg',
    });
    return {
      id: created.id as number,
      urlMagicLink,
      accessCode: created.accessCode as string,
      lotId: lot.id as number,
      categoryId: category.id as number,
      closingGroupId: closingGroup.id as number,
      tabId: tab.id as number,
      photoId: photo.id as number,
    };
  }
  const publicAuction = await auction(1);
  const privateAuction = await auction(2);
  const team = await call('POST', `/api/admin/organizations/${organization.id}/teams`, {
    translations: { fr: 'Équipe bleue' },
  });

  async function member(roles: number[], organizationId: number | null) {
    const user = await registerConfirmed(test);
    await db.updateTable('users').set({ roles }).where('id', '=', user.id).execute();
    if (organizationId !== null) {
      await db
        .insertInto('organization_users')
        .values({
          organization_id: organizationId,
          user_id: user.id,
          roles: roles.filter((role) => role !== 1 && role !== 3),
        })
        .execute();
    }
    return { id: user.id, headers: bearer(user.token), phone: user.body.cellphone as string };
  }
  const bidder = await member([3], null);
  const volunteer = await member([4], organization.id);
  const auditor = await member([5], organization.id);
  const manager = await member([2], organization.id);
  const otherManager = await member([2], other.id);
  const headers: Record<Persona, Record<string, string>> = {
    anonymous: {},
    bidder: bidder.headers,
    volunteer: volunteer.headers,
    auditor: auditor.headers,
    otherManager: otherManager.headers,
    manager: manager.headers,
    administrator: admin,
  };
  return {
    organizationId: organization.id as number,
    otherOrganizationId: other.id as number,
    teamId: team.id as number,
    publicAuction,
    privateAuction,
    users: { bidder, volunteer, auditor, manager, otherManager },
    headers,
  };
}

export type AuthorizationFixtures = Awaited<ReturnType<typeof authorizationFixtures>>;
