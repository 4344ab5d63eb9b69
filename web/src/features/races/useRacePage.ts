import type { Race } from "@sofi/core";
import type { MessageInstance } from "antd/es/message/interface";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ApiError } from "../../kernel/api.ts";
import { useContract } from "../../kernel/contracts.ts";
import { failureMessage, useTransactorContext } from "../transactions/index.ts";
import { useNetworkSwitch, useWalletUi } from "../wallet/index.ts";
import { useAccount, useApiPrefix, useChainId, useChainRound, useRaceClock, useRaceTicker, useRound } from "./hooks.ts";
import { sideText } from "./parts.tsx";
import {
  apiBehind,
  canonicalPath,
  failureKey,
  mergeRound,
  parseRoundId,
  phaseOf,
  predictButton,
  raceStatus,
  type Side,
} from "./rules.ts";
import { predictRound, predictSummary } from "./writes.ts";

/**
 * Everything a race page shows (spec 002 §2, §4, §5, §8): the round (the API's, with what the chain
 * already has), its status at the chain's time, the current price (price rounds, every 10 s), the
 * chosen side, the predict button, and the predict flow: the transaction through the shared
 * transactor, 'Predict Success' once it is submitted, the receipt polled (2.5 to 3.5 s) until mined,
 * then the round reloaded; the contract's refusal as 'Round not predictable'.
 * A path of the wrong kind or pair is replaced by the round's own.
 */
export function useRacePage(kind: "price" | "event", toast: MessageInstance) {
  const { t } = useTranslation("races");
  const params = useParams();
  const navigate = useNavigate();
  const roundId = parseRoundId(params.id);
  const chainId = useChainId();
  const account = useAccount();
  const now = useRaceClock(chainId);
  const contract = useContract("headTailRaces", chainId);
  const ctx = useTransactorContext(chainId);
  const network = useNetworkSwitch(chainId);
  const invalidate = [useApiPrefix()];

  const chain = useChainRound(roundId, account, chainId);
  const [catchingUp, setCatchingUp] = useState(false);
  const q = useRound(roundId, account, catchingUp);
  // The last reply of this round stays on screen while the one for a newly connected account loads.
  const last = useRef<Race | null>(null);
  if (q.data && String(q.data.roundId) === roundId) last.current = q.data;
  else if (last.current && String(last.current.roundId) !== roundId) last.current = null;
  const api = last.current ?? undefined;
  const behind = apiBehind(api, chain.data);
  useEffect(() => setCatchingUp(behind), [behind]);

  const race = api ? mergeRound(api, chain.data) : undefined;
  const ticker = useRaceTicker(race?.kind === "price" && race.token ? race.token : undefined);

  // The path names the round's kind and pair: a wrong one is replaced.
  const pair = kind === "price" ? params.pair : undefined;
  const redirect = race ? canonicalPath(race, pair) : null;
  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect, navigate]);

  const [choice, setChoice] = useState<Side>(0);
  const [busy, setBusy] = useState(false);
  const myPredict = race?.my_predict ?? 0;
  const phase = race ? phaseOf(race, now) : "notStarted";
  const button = predictButton({
    phase,
    myPredict,
    connected: !!account,
    wrongNetwork: network.wrongNetwork,
    side: choice,
    busy,
  });

  const predict = async () => {
    if (!race || !roundId) return;
    if (button.kind === "connect") {
      useWalletUi.getState().openDialog();
      return;
    }
    if (button.kind === "switch") {
      await network.switchNetwork();
      return;
    }
    if (button.kind !== "joinNow" || button.disabled || choice === 0 || !ctx || !contract) return;
    const side = choice;
    setBusy(true);
    try {
      const sent = await predictRound(ctx, {
        contract: contract.address,
        roundId,
        side,
        info: predictSummary({ kind: race.kind, side, roundId, teamA: race.team_a, teamB: race.team_b }),
        invalidate,
      });
      // §4: on submission, the notice.
      void toast.success({ content: t("predictSuccess"), className: "ht-toast-success" });
      const ok = await sent.done;
      if (!ok) void toast.error(t("failed"));
      // §4: then the round reloads (the contract reads were refreshed with the receipt).
      await Promise.all([q.refetch(), chain.refetch()]);
    } catch (e) {
      const f = failureKey(failureMessage(e));
      void toast.error({ content: "key" in f ? t(f.key) : f.text, className: "ht-toast-error" });
    } finally {
      setBusy(false);
    }
  };

  const notFound = roundId === null || (q.error instanceof ApiError && q.error.status === 404);
  const shown: Side = myPredict === 1 || myPredict === 2 ? myPredict : choice;
  return {
    roundId,
    kind,
    account,
    now,
    race,
    status: race ? raceStatus(race, now) : null,
    phase,
    loading: !race && !notFound && !q.isError,
    error: !race && q.isError && !notFound,
    notFound,
    refetch: () => void q.refetch(),
    redirecting: !!redirect,
    currentPrice: ticker.data?.price ?? race?.current_price ?? 0,
    choice: shown,
    setChoice,
    /** The radio is fixed once predicted, and outside the window. */
    radioDisabled: myPredict !== 0 || phase !== "open" || busy,
    button,
    busy,
    predict,
    myPredict,
    mySideText: race && (myPredict === 1 || myPredict === 2) ? sideText(t, race, myPredict) : null,
  };
}
export type RacePageState = ReturnType<typeof useRacePage>;
