import type { ApiClient } from './http.ts';

/**
 * The browsing visitors: the lot table (a random page, sorted by end or number), a lot's detail
 * with its bid history, and the auction itself, in proportions 4 : 5 : 1. Anonymous, as most
 * visitors of an auction page are.
 */
export class BrowseDriver {
  readonly answerMs: number[] = [];
  readonly byStatus = new Map<number, number>();
  errors5xx = 0;
  networkErrors = 0;

  constructor(
    private readonly client: ApiClient,
    private readonly urlMagicLink: string,
    private readonly lotIds: number[],
  ) {}

  private path(n: number): string {
    const kind = n % 10;
    const link = encodeURIComponent(this.urlMagicLink);
    if (kind < 4) {
      const pages = Math.max(1, Math.ceil(this.lotIds.length / 20));
      const column = kind % 2 ? 'dateCompleted' : 'lotNumber';
      return `/api/auction-lot-items?urlMagicLink=${link}&currentPage=${1 + (n % pages)}&pageSize=20&sorts[0].column=${column}&sorts[0].asc=true`;
    }
    if (kind < 9) return `/api/auction-lot-items/${this.lotIds[n % this.lotIds.length]}`;
    return `/api/auctions/url-magic-link?urlMagicLink=${link}`;
  }

  async read(n: number): Promise<void> {
    const sent = performance.now();
    try {
      const answer = await this.client.request('GET', this.path(n));
      this.byStatus.set(answer.status, (this.byStatus.get(answer.status) ?? 0) + 1);
      if (answer.status >= 500) this.errors5xx++;
      else if (answer.status < 300) this.answerMs.push(performance.now() - sent);
    } catch {
      this.networkErrors++;
    }
  }
}
