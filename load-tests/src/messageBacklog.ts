import pg from 'pg';

/**
 * The bids' outbid and winner messages go out after the bids, through the messages queue: a run
 * that stops counting when the load stops leaves most of their cost out. These read how many
 * messages the workers have sent (`message_deliveries`), so the report can say how many went out
 * during the load, how long the rest took, and what the workers spent on them.
 */
export async function sentMessages(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ sent: string }>(
      `SELECT count(*) AS sent FROM message_deliveries WHERE status = 'sent'`,
    );
    return Number(rows[0]?.sent ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Waits until no message has been sent for `quietMs` (the queue is drained, or stuck: the caller
 * sees the count) or until the deadline; answers the count and when it last moved.
 */
export async function waitForMessagesDrained(
  databaseUrl: string,
  deadline: number,
  quietMs = 3_000,
): Promise<{ sent: number; lastSentAt: number }> {
  let sent = await sentMessages(databaseUrl);
  let lastSentAt = Date.now();
  while (Date.now() < deadline && Date.now() - lastSentAt < quietMs) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await sentMessages(databaseUrl);
    if (now !== sent) {
      sent = now;
      lastSentAt = Date.now();
    }
  }
  return { sent, lastSentAt };
}
