/**
 * An exact model of a two-outcome Fixed Product Market Maker (Gnosis FPMM 1.8.1, bigint arithmetic
 * rounded as its SafeMath code rounds), so the seed knows every buy's tokens, every sale's tokens and
 * every funding change before the block that holds them is mined; the seed checks it against the chain.
 */
export const ONE = 10n ** 18n;

const ceildiv = (x: bigint, y: bigint): bigint => (x === 0n ? 0n : (x - 1n) / y + 1n);

export class PoolModel {
  /** The pool's outcome-token balances. */
  balances: [bigint, bigint] = [0n, 0n];
  /** Liquidity shares. */
  supply = 0n;
  constructor(readonly fee: bigint) {}

  /** Initial funding: the pool keeps funding × hint / max hint of each outcome; returns what goes back. */
  fund(amount: bigint, hint?: readonly [bigint, bigint]): { shares: bigint; sentBack: [bigint, bigint] } {
    const sentBack: [bigint, bigint] = [0n, 0n];
    let shares: bigint;
    if (this.supply > 0n) {
      const weight = this.balances[0] > this.balances[1] ? this.balances[0] : this.balances[1];
      for (const i of [0, 1] as const) sentBack[i] = amount - (amount * this.balances[i]) / weight;
      shares = (amount * this.supply) / weight;
    } else {
      if (hint) {
        const max = hint[0] > hint[1] ? hint[0] : hint[1];
        for (const i of [0, 1] as const) sentBack[i] = amount - (amount * hint[i]) / max;
      }
      shares = amount;
    }
    for (const i of [0, 1] as const) this.balances[i] += amount - sentBack[i];
    this.supply += shares;
    return { shares, sentBack };
  }

  /** Removes `shares`: returns the outcome tokens sent to the funder. */
  defund(shares: bigint): [bigint, bigint] {
    const sent: [bigint, bigint] = [
      (this.balances[0] * shares) / this.supply,
      (this.balances[1] * shares) / this.supply,
    ];
    this.balances = [this.balances[0] - sent[0], this.balances[1] - sent[1]];
    this.supply -= shares;
    return sent;
  }

  calcBuyAmount(investment: bigint, i: 0 | 1): bigint {
    const j = (1 - i) as 0 | 1;
    const net = investment - (investment * this.fee) / ONE;
    const b = this.balances[i];
    const ending = ceildiv(b * ONE * this.balances[j], this.balances[j] + net);
    return b + net - ceildiv(ending, ONE);
  }

  buy(investment: bigint, i: 0 | 1): bigint {
    const tokens = this.calcBuyAmount(investment, i);
    const net = investment - (investment * this.fee) / ONE;
    this.balances = [this.balances[0] + net, this.balances[1] + net];
    this.balances[i] -= tokens;
    return tokens;
  }

  /** Whether a sale returning `ret` is within the pool's reach. */
  private reachable(ret: bigint, i: 0 | 1): boolean {
    return (ret * ONE) / (ONE - this.fee) < this.balances[(1 - i) as 0 | 1];
  }

  calcSellAmount(ret: bigint, i: 0 | 1): bigint {
    const j = (1 - i) as 0 | 1;
    const gross = (ret * ONE) / (ONE - this.fee);
    const b = this.balances[i];
    const ending = ceildiv(b * ONE * this.balances[j], this.balances[j] - gross);
    return gross + ceildiv(ending, ONE) - b;
  }

  /** The most a sale of at most `tokens` returns (MarketLens.calcSellReturn). */
  sellReturn(tokens: bigint, i: 0 | 1): bigint {
    let lo = 0n;
    let hi = this.balances[(1 - i) as 0 | 1];
    while (hi - lo > 1n) {
      const mid = (lo + hi) / 2n;
      if (this.reachable(mid, i) && this.calcSellAmount(mid, i) <= tokens) lo = mid;
      else hi = mid;
    }
    return lo;
  }

  /** A sale returning `ret`: returns the outcome tokens it takes. */
  sell(ret: bigint, i: 0 | 1): bigint {
    const tokens = this.calcSellAmount(ret, i);
    const merged = ret + (ret * this.fee) / (ONE - this.fee);
    this.balances[i] += tokens;
    this.balances = [this.balances[0] - merged, this.balances[1] - merged];
    return tokens;
  }

  /** Spot price of outcome 0 (0..1). */
  price0(): number {
    const sum = this.balances[0] + this.balances[1];
    return sum === 0n ? 0.5 : Number((this.balances[1] * 1_000_000n) / sum) / 1_000_000;
  }
}

/** `amount` less `bps` basis points, at least 1 (the lens's bounds). */
export function lessSlippage(amount: bigint, bps: bigint): bigint {
  const x = (amount * (10_000n - bps)) / 10_000n;
  return x === 0n ? 1n : x;
}
