import {
  type Allocation,
  bpsToPercent,
  CREATE_START_PRICE_DEFAULT,
  type CreateErrorKey,
  nameProblem,
  percentProblem,
  percentToBps,
  setLocked,
  setShare,
  sliderEnabled,
  startPriceProblem,
  symbolProblem,
  syncAllocations,
  tokensProblem,
} from "@sofi/core";
import { useCallback, useMemo, useState } from "react";
import type { CreateToken, Step } from "./types.ts";

export type InfoField = "name" | "symbol" | "startPrice";

/**
 * The wizard's form (spec 001 §3 create form, §4 steps and allocation, §5 rules), without the
 * chain: the chosen tokens and their basis-point allocation, each percent input's text (field
 * `precent-{address}`), name, symbol and start price, the step, and the errors to show. Every rule
 * is core's (`@sofi/core` portfolio-create.ts); this only keeps the texts in step with the shares.
 */
export function useWizardForm(tokens: readonly CreateToken[]) {
  const [step, setStep] = useState<Step>(0);
  const [allocations, setAllocations] = useState<Allocation[]>([]);
  const [percentTexts, setPercentTexts] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  /**
   * Percent texts the user typed (validated by §5's percent rule). Texts the shares wrote (after a
   * slider move, a re-spread) follow the slider's rule instead and are valid by construction: with
   * 2 tokens the slider may leave 99.99 %, which the typed rule's cap (99.98) would refuse.
   */
  const [typed, setTyped] = useState<Record<string, boolean>>({});
  const [tried, setTried] = useState<{ 0: boolean; 1: boolean }>({ 0: false, 1: false });
  const [info, setInfo] = useState<Record<InfoField, string>>({
    name: "",
    symbol: "",
    startPrice: CREATE_START_PRICE_DEFAULT,
  });

  const byAddress = useMemo(() => new Map(tokens.map((t) => [t.address.toLowerCase(), t])), [tokens]);

  /** Texts follow the shares, except `keep` (the input being typed in). */
  const apply = useCallback((next: Allocation[], keep?: string) => {
    setAllocations(next);
    setTyped((prev) => (keep && prev[keep] ? { [keep]: true } : {}));
    setPercentTexts((prev) => {
      const out: Record<string, string> = {};
      for (const a of next) out[a.address] = a.address === keep ? (prev[a.address] ?? "") : bpsToPercent(a.percent);
      return out;
    });
  }, []);

  /** The multi-select's value (spec 001 §4: removing a token removes its allocation). */
  const setTokens = useCallback(
    (addresses: string[]) => {
      const lookup = (address: string) => {
        const t = byAddress.get(address.toLowerCase());
        if (!t || t.unavailable) return undefined;
        return { address: t.address, decimals: t.decimals, price_usd: t.price_usd };
      };
      apply(syncAllocations(allocations, addresses, lookup));
    },
    [allocations, apply, byAddress],
  );

  const removeToken = useCallback(
    (address: string) => setTokens(allocations.map((a) => a.address).filter((a) => a !== address)),
    [allocations, setTokens],
  );

  /** A typed percent: a valid one moves the share at once (the others re-spread). */
  const setPercentText = useCallback(
    (address: string, text: string) => {
      setPercentTexts((prev) => ({ ...prev, [address]: text }));
      setTouched((prev) => ({ ...prev, [address]: true }));
      setTyped((prev) => ({ ...prev, [address]: true }));
      if (percentProblem(text, allocations.length) === null) {
        apply(setShare(allocations, address, percentToBps(text)), address);
      }
    },
    [allocations, apply],
  );

  /** Leaving a valid input shows the share it got (a value past the cap is clamped). */
  const commitPercent = useCallback(
    (address: string) => {
      const text = percentTexts[address] ?? "";
      if (percentProblem(text, allocations.length) !== null) return;
      const a = allocations.find((x) => x.address === address);
      if (a) setPercentTexts((prev) => ({ ...prev, [address]: bpsToPercent(a.percent) }));
    },
    [allocations, percentTexts],
  );

  const setSlider = useCallback(
    (address: string, bps: number) => apply(setShare(allocations, address, bps)),
    [allocations, apply],
  );

  const toggleLock = useCallback(
    (address: string) => {
      const a = allocations.find((x) => x.address === address);
      if (a) apply(setLocked(allocations, address, !a.locked));
    },
    [allocations, apply],
  );

  const setField = useCallback((field: InfoField, value: string) => {
    setInfo((prev) => ({ ...prev, [field]: field === "symbol" ? value.toUpperCase() : value }));
    setTouched((prev) => ({ ...prev, [field]: true }));
  }, []);

  const percentErrors = useMemo(() => {
    const out: Record<string, CreateErrorKey | null> = {};
    for (const a of allocations) {
      out[a.address] = typed[a.address] ? percentProblem(percentTexts[a.address] ?? "", allocations.length) : null;
    }
    return out;
  }, [allocations, percentTexts, typed]);

  const infoErrors: Record<InfoField, CreateErrorKey | null> = {
    name: nameProblem(info.name),
    symbol: symbolProblem(info.symbol),
    startPrice: startPriceProblem(info.startPrice),
  };
  const tokensError = tokensProblem(allocations.length);

  /** The error an input shows: once it was edited or Next was pressed on its step. */
  const shownError = (key: string, step: 0 | 1): CreateErrorKey | null => {
    const error = step === 0 ? (percentErrors[key] ?? null) : infoErrors[key as InfoField];
    return touched[key] || tried[step] ? error : null;
  };

  const step0Valid = tokensError === null && Object.values(percentErrors).every((e) => e === null);
  const step1Valid = Object.values(infoErrors).every((e) => e === null);

  /** Next: step 0 only when every percent is valid, step 1 only with name, symbol and start price. */
  const next = useCallback(() => {
    if (step === 0) {
      setTried((t) => ({ ...t, 0: true }));
      if (step0Valid) setStep(1);
    } else if (step === 1) {
      setTried((t) => ({ ...t, 1: true }));
      if (step1Valid) setStep(2);
    }
  }, [step, step0Valid, step1Valid]);

  const back = useCallback(() => setStep((s) => (s > 0 && s < 3 ? ((s - 1) as Step) : s)), []);

  return {
    step,
    setStep,
    allocations,
    percentTexts,
    info,
    tokensError: tried[0] ? tokensError : null,
    percentError: (address: string) => shownError(address, 0),
    infoError: (field: InfoField) => shownError(field, 1),
    sliderEnabled: (address: string) => sliderEnabled(allocations, address),
    step0Valid,
    step1Valid,
    setTokens,
    removeToken,
    setPercentText,
    commitPercent,
    setSlider,
    toggleLock,
    setField,
    next,
    back,
  };
}

export type WizardForm = ReturnType<typeof useWizardForm>;
