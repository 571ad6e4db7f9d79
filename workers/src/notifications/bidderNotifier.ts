import {
  type EventStore,
  evolve,
  formatMoney,
  initialState,
  type LotEvent,
  type LotState,
  lotIdOfStream,
  type RecordedEvent,
} from '@auction/engine';
import {
  channelsFor,
  type Db,
  enqueueMessages,
  type MessageBatchQueue,
  type MessageJob,
  type MessageTemplate,
} from '@auction/platform';
import { type BidderNotification, isTimely, NOTIFYING_EVENTS, notificationsOf } from './lotNotifications.ts';
import { throttleOutbidNotices } from './outbidThrottle.ts';

export interface BidderNotifierDeps {
  db: Db;
  store: EventStore;
  messages: MessageBatchQueue;
  /** The site's address: messages link to the lot's page. */
  publicUrl: string;
  /** Lots whose state stays in memory between batches (default 5,000). */
  cachedLots?: number;
  /** (bidder, lot) pairs whose last outbid notice stays in memory (default 50,000). */
  throttledPairs?: number;
}

type Language = 'en' | 'fr';

/** The lot's page in the bidder's language (spec 001 §2 routes). */
export function lotLink(publicUrl: string, language: Language, urlMagicLink: string, lotId: number): string {
  const base = publicUrl.replace(/\/$/, '');
  const auction = encodeURIComponent(urlMagicLink);
  return language === 'fr'
    ? `${base}/encans/${auction}/lots/${lotId}`
    : `${base}/en/auctions/${auction}/items/${lotId}`;
}

/**
 * The bidders' notifications, a follower of the event log: outbid notices, the winner's notice at a
 * lot's close, both sides of a winner changed by a removal after the close, and of a stage sale
 * corrected, by email, SMS and Web Push according to each bidder's preferences, in their language.
 * Each message's id is made of the event's key, the bidder and the channel, so a batch handled
 * again (a restart before the checkpoint, another worker taking over) queues nothing new and the
 * messages worker sends nothing twice. Outbid notices are throttled per bidder and lot
 * (`throttleOutbidNotices`).
 */
export function createBidderNotifier(deps: BidderNotifierDeps): (events: RecordedEvent[]) => Promise<void> {
  const cache = new Map<string, { version: number; state: LotState }>();
  const cachedLots = deps.cachedLots ?? 5_000;
  /**
   * When each (bidder, lot) pair last had an outbid notice queued, by the notice's time: in
   * memory, least recently noticed pairs dropped first. A pair without an entry (after a restart,
   * when another process takes the follower over, or once dropped) gets its next outbid notice
   * even if one went out less than the interval before: at most one extra notice per pair (its id
   * is the event's, so a notice that was itself queued before is not sent again). A batch re-read
   * from the checkpoint that spans more than the interval could let a second one out.
   */
  const lastOutbid = new Map<string, number>();
  const throttledPairs = deps.throttledPairs ?? 50_000;

  async function stateBefore(streamId: string, version: number): Promise<LotState> {
    const cached = cache.get(streamId);
    if (cached && cached.version === version - 1) return cached.state;
    let state = initialState();
    for (const event of await deps.store.readStream(streamId)) {
      if (event.streamVersion >= version) break;
      state = evolve(state, event as unknown as LotEvent);
    }
    return state;
  }

  function remember(streamId: string, version: number, state: LotState): void {
    keepRecent(cache, streamId, { version, state }, cachedLots);
  }

  return async (events) => {
    const byStream = new Map<string, RecordedEvent[]>();
    for (const event of events) {
      if (!event.streamId.startsWith('lot-')) continue;
      byStream.set(event.streamId, [...(byStream.get(event.streamId) ?? []), event]);
    }
    const notifications: BidderNotification[] = [];
    for (const [streamId, streamEvents] of byStream) {
      const first = streamEvents[0] as RecordedEvent;
      const last = streamEvents[streamEvents.length - 1] as RecordedEvent;
      const concerns = streamEvents.some((e) => NOTIFYING_EVENTS.has(e.type));
      // Nothing to tell and nothing cached to keep current: the next relevant event reads the stream.
      if (!concerns && cache.get(streamId)?.version !== first.streamVersion - 1) continue;
      const before = await stateBefore(streamId, first.streamVersion);
      const outcome = notificationsOf(Number(lotIdOfStream(streamId)), before, streamEvents);
      remember(streamId, last.streamVersion, outcome.state);
      notifications.push(...outcome.notifications.filter((n) => isTimely(n, Date.now())));
    }
    if (notifications.length === 0) return;
    const { queue, queuedAt } = throttleOutbidNotices(notifications, (pair) => lastOutbid.get(pair));
    await deliver(deps, queue);
    // Only once queued: a batch that failed is handled again and must decide the same way.
    for (const [pair, at] of queuedAt) keepRecent(lastOutbid, pair, at, throttledPairs);
  };
}

/** Sets the key as the most recent and drops the least recent beyond `limit` (a Map keeps insertion order). */
function keepRecent<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}

/** The message templates of each notification, by channel (workers/src/messages/templates.ts). */
const TEMPLATES: Record<BidderNotification['kind'], Record<'email' | 'sms' | 'push', MessageTemplate>> = {
  outbid: { email: 'outbidEmail', sms: 'outbidSms', push: 'outbidPush' },
  won: { email: 'lotWonEmail', sms: 'lotWonSms', push: 'lotWonPush' },
  wonAfterRemoval: { email: 'lotWonAfterRemovalEmail', sms: 'lotWonAfterRemovalSms', push: 'lotWonAfterRemovalPush' },
  winWithdrawn: { email: 'lotWinWithdrawnEmail', sms: 'lotWinWithdrawnSms', push: 'lotWinWithdrawnPush' },
  wonAfterCorrection: {
    email: 'lotWonAfterCorrectionEmail',
    sms: 'lotWonAfterCorrectionSms',
    push: 'lotWonAfterCorrectionPush',
  },
  winWithdrawnByCorrection: {
    email: 'lotWinWithdrawnByCorrectionEmail',
    sms: 'lotWinWithdrawnByCorrectionSms',
    push: 'lotWinWithdrawnByCorrectionPush',
  },
};

async function deliver(deps: BidderNotifierDeps, notifications: BidderNotification[]): Promise<void> {
  if (notifications.length === 0) return;
  const { db } = deps;
  const lotIds = [...new Set(notifications.map((n) => n.lotId))];
  const userIds = [...new Set(notifications.map((n) => n.bidderId))].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (userIds.length === 0) return;
  const [lots, lotNames, users] = await Promise.all([
    db
      .selectFrom('lots as l')
      .innerJoin('auctions as a', 'a.id', 'l.auction_id')
      .select(['l.id', 'l.lot_number', 'l.auction_id', 'a.url_magic_link', 'a.organization_id'])
      .where('l.id', 'in', lotIds)
      .execute(),
    db
      .selectFrom('lot_translations')
      .select(['lot_id', 'language_code', 'name'])
      .where('lot_id', 'in', lotIds)
      .execute(),
    db
      .selectFrom('users')
      .select([
        'id',
        'first_name',
        'username',
        'phone_number',
        'preferred_language',
        'sms_general_notifications',
        'email_general_notifications',
        'sms_outbid_notifications',
        'email_outbid_notifications',
        'push_outbid_notifications',
        'push_general_notifications',
        // Whether any browser of theirs is subscribed: no push job for those who have none.
        (eb) =>
          eb
            .exists(eb.selectFrom('push_subscriptions as ps').select('ps.id').whereRef('ps.user_id', '=', 'users.id'))
            .as('has_push_subscription'),
      ])
      .where('id', 'in', userIds)
      .where('disabled', '=', false)
      .execute(),
  ]);
  if (lots.length === 0 || users.length === 0) return;
  const auctionIds = [...new Set(lots.map((lot) => lot.auction_id))];
  const [auctionNames, organizationChoices] = await Promise.all([
    db
      .selectFrom('auction_translations')
      .select(['auction_id', 'language_code', 'title_short'])
      .where('auction_id', 'in', auctionIds)
      .execute(),
    db
      .selectFrom('bidder_organization_notifications')
      .select(['user_id', 'organization_id', 'sms_notifications', 'email_notifications'])
      .where('user_id', 'in', userIds)
      .where('organization_id', 'in', [...new Set(lots.map((lot) => lot.organization_id))])
      .execute(),
  ]);

  const lotById = new Map(lots.map((lot) => [lot.id, lot]));
  const userById = new Map(users.map((user) => [user.id, user]));
  const translated = <T extends { language_code: string }>(rows: T[], language: Language): T | undefined =>
    rows.find((row) => row.language_code === language) ?? rows[0];

  const jobs: MessageJob[] = [];
  for (const notification of notifications) {
    const lot = lotById.get(notification.lotId);
    const user = userById.get(notification.bidderId);
    if (!lot || !user) continue;
    const language: Language = user.preferred_language;
    const choice = organizationChoices.find(
      (row) => row.user_id === user.id && row.organization_id === lot.organization_id,
    );
    const channels = channelsFor(notification.kind === 'outbid' ? 'outbid' : 'general', {
      smsGeneral: user.sms_general_notifications,
      emailGeneral: user.email_general_notifications,
      smsOutbid: user.sms_outbid_notifications,
      emailOutbid: user.email_outbid_notifications,
      organization: choice ? { sms: choice.sms_notifications, email: choice.email_notifications } : null,
      hasPhone: user.phone_number !== null && /^\d{10}$/.test(user.phone_number),
      hasEmail: user.username.includes('@'),
      pushOutbid: user.push_outbid_notifications,
      pushGeneral: user.push_general_notifications,
      hasPushSubscription: Boolean(user.has_push_subscription),
    });
    const lotName =
      translated(
        lotNames.filter((row) => row.lot_id === lot.id),
        language,
      )?.name ?? `#${lot.lot_number}`;
    const auctionName =
      translated(
        auctionNames.filter((row) => row.auction_id === lot.auction_id),
        language,
      )?.title_short ?? lot.url_magic_link;
    const common = {
      lotNumber: String(lot.lot_number),
      lotName,
      link: lotLink(deps.publicUrl, language, lot.url_magic_link, lot.id),
    };
    const amount: Record<string, string> = 'price' in notification ? { amount: formatMoney(notification.price) } : {};
    const templates = TEMPLATES[notification.kind];
    const id = `${notification.kind}:${notification.eventKey}:${user.id}`;
    const lotParams = { ...common, ...amount };
    /** The notice by one channel, in the bidder's language, under its id. */
    const notice = (channel: 'email' | 'sms' | 'push', to: string, params: Record<string, string>): MessageJob => ({
      id: `${id}:${channel}`,
      channel,
      to,
      language,
      template: templates[channel],
      params,
      userId: user.id,
    });
    if (channels.email) {
      jobs.push({
        ...notice('email', user.username, { ...lotParams, firstName: user.first_name, auctionName }),
        // Its unsubscribe link turns off this organisation's email only.
        organizationId: lot.organization_id,
      });
    }
    if (channels.sms && user.phone_number) jobs.push(notice('sms', user.phone_number, lotParams));
    if (channels.push) jobs.push(notice('push', user.id, lotParams));
  }
  // The batch's messages in one round trip; their ids keep them deduplicated as one by one.
  await enqueueMessages(deps.messages, jobs);
}
