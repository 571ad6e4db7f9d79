import { randomBytes } from 'node:crypto';
import { errorAnswers, invitationAnswer, inviteBody, onBoardInfo, onBoardInfoQuery } from '@auction/contract';
import { smsStopReason } from '@auction/platform';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../../accounts/auth.ts';
import { textInvitation } from '../../../accounts/invitationText.ts';
import { formatPhone } from '../../../accounts/phone.ts';
import { INVITING_ROLES } from '../../../accounts/roles.ts';
import { HttpError } from '../../../errors.ts';
import { languageOf } from '../../../i18n/language.ts';
import { bearer, documentRoutes } from '../../../routeDocs.ts';

/** Spec 000 §4 Invite: the client looks for STOP in the answer to show "user has a send stop date". */
const STOP_ANSWER = 'STOP: this number replied STOP and cannot receive text messages (user_has_send_stop_date)';

/**
 * Invitations by SMS (spec 000 §2 Invite, §6): volunteers, administrators and auction managers text
 * a person an on-board link; the person registers from it, prefilled. A number that replied STOP
 * is never texted, and the answer says STOP. Only the staff of the auction's organisation (and
 * administrators) invite to it: another organisation's auction answers 404 as if unknown. An
 * invitation admits the person to the auction, private or not (docs/security.md).
 */
export default (async (app) => {
  documentRoutes(app, { tags: ['onboarding'] });
  const { invitations, users, authorization } = app;
  const context = app.accounts;
  const { db } = context;

  app.post(
    '/api/onboarding/invite-via-client-app',
    {
      preHandler: app.requireRoles(INVITING_ROLES),
      schema: {
        security: bearer,
        summary: 'Text an invitation to register for an auction; the text answer contains STOP when not sent',
        body: inviteBody,
        response: { 200: invitationAnswer, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { phoneNumber, firstName, lastName, auctionId } = request.body;
      await authorization.authorizeOn(await authorization.actorOf(accountOf(request)), 'invite', 'auction', auctionId);
      const auction = await invitations.auctionToInviteTo(auctionId);
      if (!auction) throw new HttpError(404, 'auction_not_found');
      reply.type('text/plain; charset=utf-8');
      if ((await smsStopReason(db, phoneNumber)) !== null) return STOP_ANSWER;

      // Only an account that proved it holds the number is the invitee: a number merely typed into a
      // profile must not capture someone else's invitation (nor its admission to a private auction).
      // Anyone else, an unconfirmed holder included, is invited as a newcomer, by the on-board link.
      const existing = await users.byConfirmedPhone(phoneNumber);
      const uniqueCode = randomBytes(12).toString('base64url');
      await invitations.record({
        unique_code: uniqueCode,
        phone_number: phoneNumber,
        first_name: firstName,
        last_name: lastName,
        auction_id: auction.id,
        invited_by: accountOf(request).id,
        registered_user_id: existing?.id ?? null,
      });
      if (existing) await invitations.admit(auction.id, existing.id);
      // Someone with an account goes straight to the auction; a newcomer to the prefilled registration.
      // The invitee's language when known, else the page the invitation was sent from (Accept-Language).
      await textInvitation(context, {
        to: phoneNumber,
        language: existing?.preferred_language ?? languageOf(request),
        firstName: existing?.first_name || firstName,
        auctionName: auction.title_short ?? auction.url_magic_link,
        urlMagicLink: auction.url_magic_link,
        ...(existing ? { userId: existing.id } : { uniqueCode }),
      });
      return `Invitation sent to ${formatPhone(phoneNumber)}`;
    },
  );

  app.get(
    '/api/onboarding/on-board-info',
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        summary: 'Registration prefill of an on-board link',
        querystring: onBoardInfoQuery,
        response: { 200: onBoardInfo, ...errorAnswers(404, 409, 429) },
      },
    },
    async (request) => {
      const invitation = await invitations.byCode(request.query.uniqueCode);
      if (!invitation) throw new HttpError(404, 'invitation_not_found');
      if (invitation.registered_user_id) throw new HttpError(409, 'invitation_already_used');
      return {
        userName: '',
        firstName: invitation.first_name,
        lastName: invitation.last_name,
        phoneNumber: formatPhone(invitation.phone_number),
        auctionId: invitation.auctionId,
        urlMagicLink: invitation.url_magic_link,
        uniqueCode: request.query.uniqueCode,
      };
    },
  );
}) satisfies FastifyPluginAsyncZod;
