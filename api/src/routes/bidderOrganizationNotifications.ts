import type { Db } from '@auction/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountContext } from '../accounts/accountContext.ts';
import { accountOf } from '../accounts/auth.ts';
import { findUserById, type UserRow } from '../accounts/userRepository.ts';
import { HttpError } from '../errors.ts';
import { booleanish, MAX_ROW_ID, rowId } from '../validation.ts';

const tags = ['communication preferences'];

/** Spec 000 §3: id 0 means the bidder has not chosen for that organisation yet (both channels on). */
async function listFor(db: Db, userId: string, currentUrlMagicLink?: string | null) {
  const current = currentUrlMagicLink
    ? await db
        .selectFrom('auctions')
        .select('organization_id')
        .where('url_magic_link', '=', currentUrlMagicLink)
        .executeTakeFirst()
    : undefined;
  const rows = await db
    .selectFrom('organizations')
    .leftJoin('bidder_organization_notifications as n', (join) =>
      join.onRef('n.organization_id', '=', 'organizations.id').on('n.user_id', '=', userId),
    )
    .select([
      'organizations.id as organizationId',
      'organizations.name',
      'n.id',
      'n.sms_notifications',
      'n.email_notifications',
    ])
    .orderBy('organizations.name')
    .execute();
  const list = rows.map((row) => ({
    id: row.id ?? 0,
    organization_Id: row.organizationId,
    organizationName: row.name,
    smsNotifications: row.sms_notifications ?? true,
    emailNotifications: row.email_notifications ?? true,
    isCurrent: row.organizationId === current?.organization_id,
  }));
  // The current organisation first (spec 000 §2 Communication preferences).
  return [...list.filter((n) => n.isCurrent), ...list.filter((n) => !n.isCurrent)];
}

/** Per-organisation toggles only count when the bidder's matching general or outbid channel is on. */
function checkChannels(user: UserRow, change: { smsNotifications?: boolean; emailNotifications?: boolean }) {
  if (change.smsNotifications && !(user.sms_general_notifications || user.sms_outbid_notifications)) {
    throw new HttpError(400, 'notification_channel_off', { field: 'smsNotifications' });
  }
  if (change.emailNotifications && !(user.email_general_notifications || user.email_outbid_notifications)) {
    throw new HttpError(400, 'notification_channel_off', { field: 'emailNotifications' });
  }
}

const changeObject = z.object({ smsNotifications: booleanish.optional(), emailNotifications: booleanish.optional() });
/** The unsubscribe page sends [{fieldName, value}]; the profile page sends the changed fields. */
const fieldList = z
  .array(z.object({ fieldName: z.enum(['smsNotifications', 'emailNotifications']), value: booleanish }))
  .min(1)
  .max(2)
  .transform((list) => Object.fromEntries(list.map((f) => [f.fieldName, f.value])) as z.infer<typeof changeObject>);
const change = z.union([fieldList, changeObject]);

const createBody = z.object({
  id: z.coerce.number().int().min(0).max(MAX_ROW_ID).optional(),
  organization_Id: rowId,
  smsNotifications: booleanish.default(true),
  emailNotifications: booleanish.default(true),
});

async function upsert(db: Db, user: UserRow, body: z.infer<typeof createBody>) {
  checkChannels(user, body);
  const organization = await db
    .selectFrom('organizations')
    .select(['id', 'name'])
    .where('id', '=', body.organization_Id)
    .executeTakeFirst();
  if (!organization) throw new HttpError(404, 'organization_not_found');
  const row = await db
    .insertInto('bidder_organization_notifications')
    .values({
      user_id: user.id,
      organization_id: organization.id,
      sms_notifications: body.smsNotifications,
      email_notifications: body.emailNotifications,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'organization_id']).doUpdateSet({
        sms_notifications: body.smsNotifications,
        email_notifications: body.emailNotifications,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return dto(row, organization.name);
}

async function patch(db: Db, user: UserRow, id: number, changes: z.infer<typeof changeObject>) {
  checkChannels(user, changes);
  const set = {
    ...(changes.smsNotifications !== undefined ? { sms_notifications: changes.smsNotifications } : {}),
    ...(changes.emailNotifications !== undefined ? { email_notifications: changes.emailNotifications } : {}),
  };
  const query = db.updateTable('bidder_organization_notifications').where('id', '=', id).where('user_id', '=', user.id);
  const row = Object.keys(set).length
    ? await query.set(set).returningAll().executeTakeFirst()
    : await db
        .selectFrom('bidder_organization_notifications')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
  if (!row) throw new HttpError(404, 'notification_not_found');
  const organization = await db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', row.organization_id)
    .executeTakeFirstOrThrow();
  return dto(row, organization.name);
}

function dto(
  row: { id: number; organization_id: number; sms_notifications: boolean; email_notifications: boolean },
  organizationName: string,
) {
  return {
    id: row.id,
    organization_Id: row.organization_id,
    organizationName,
    smsNotifications: row.sms_notifications,
    emailNotifications: row.email_notifications,
  };
}

/**
 * Per-organisation communication preferences: for the signed-in bidder, and by the identity code of
 * an unsubscribe link with no login (spec 000 §2 Unsubscribe). An unknown code answers 401
 * `unsubscribe_unauthorized`, which the page shows with a link to the notifications page.
 */
export const bidderOrganizationNotificationRoutes: FastifyPluginAsync<AccountContext> = async (root, { db }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const query = z.object({ urlMagicLink: z.string().trim().max(200).nullish() });

  async function signedIn(id: string): Promise<UserRow> {
    const user = await findUserById(db, id);
    if (!user) throw new HttpError(401, 'invalid_token');
    return user;
  }

  async function byCode(identity: string): Promise<UserRow> {
    const user = await db.selectFrom('users').selectAll().where('identity_code', '=', identity).executeTakeFirst();
    if (!user) throw new HttpError(401, 'unsubscribe_unauthorized');
    return user;
  }

  app.get(
    '/bidder-organization-notifications',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The bidder's choices per organisation (id 0: not chosen yet)",
        querystring: query,
      },
    },
    async (request) => listFor(db, accountOf(request).id, request.query.urlMagicLink),
  );

  app.post(
    '/bidder-organization-notifications',
    {
      preHandler: app.authenticate,
      schema: { tags, security, summary: 'Record the choice for an organisation', body: createBody },
    },
    async (request) => upsert(db, await signedIn(accountOf(request).id), request.body),
  );

  app.patch(
    '/bidder-organization-notifications/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Change an organisation choice',
        params: z.object({ id: rowId }),
        body: change,
      },
    },
    async (request) => patch(db, await signedIn(accountOf(request).id), request.params.id, request.body),
  );

  const identity = z.string().trim().min(1).max(200);

  app.get(
    '/bidder-organization-notifications/by-code/:identity',
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: "Unsubscribe page: the bidder's preferences by the identity code of the link (no login)",
        params: z.object({ identity }),
        querystring: query,
      },
    },
    async (request) => {
      const user = await byCode(request.params.identity);
      return {
        bidder: {
          firstName: user.first_name,
          lastName: user.last_name,
          nickName: user.nick_name,
          smsGeneralNotifications: user.sms_general_notifications,
          emailGeneralNotifications: user.email_general_notifications,
          smsOutbidNotifications: user.sms_outbid_notifications,
          emailOutbidNotifications: user.email_outbid_notifications,
        },
        organizationNotifications: await listFor(db, user.id, request.query.urlMagicLink),
      };
    },
  );

  app.post(
    '/bidder-organization-notifications/by-code/:identity',
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Unsubscribe page: record a choice not yet made (id 0)',
        params: z.object({ identity }),
        body: createBody,
      },
    },
    async (request) => {
      const saved = await upsert(db, await byCode(request.params.identity), request.body);
      return { success: true, messages: ['saved_successfully'], ...saved };
    },
  );

  app.patch(
    '/bidder-organization-notifications/by-code/:identity/:id',
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Unsubscribe page: change a choice ([{fieldName, value}])',
        params: z.object({ identity, id: rowId }),
        body: change,
      },
    },
    async (request) => {
      const saved = await patch(db, await byCode(request.params.identity), request.params.id, request.body);
      return { success: true, messages: ['saved_successfully'], ...saved };
    },
  );
};
