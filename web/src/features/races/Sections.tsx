import { ArrowRightOutlined } from "@ant-design/icons";
import { formatPoints } from "@sofi/core";
import { Alert, Button } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useWalletUi } from "../wallet/index.ts";
import { HistoryList } from "./HistoryList.tsx";
import { LeaderBoard } from "./LeaderBoard.tsx";
import { ListState } from "./parts.tsx";
import { RaceGrid } from "./RaceCard.tsx";
import { HISTORY_PAGE_SIZE } from "./rules.ts";
import type { RacesState } from "./useRacesState.ts";

/** The sections /headTail and /headTail/moreRace share; each renders its part of `RacesState`. */

export function TestnetBanner({ s }: { s: RacesState }) {
  const { t } = useTranslation("races");
  if (!s.testnet) return null;
  return (
    <Alert
      type="info"
      showIcon
      className="ht-testnet"
      title={t("testnet", { network: s.network })}
      data-testid="race-testnet"
    />
  );
}

export function RunningSection({ s, more }: { s: RacesState; more: boolean }) {
  const { t } = useTranslation("races");
  return (
    <section className="ht-section" aria-labelledby="ht-running-title">
      <div className="ht-section-head">
        <h3 id="ht-running-title" className="ht-section-title">
          {t("running")}
        </h3>
        {!more && (
          <Link to="/headTail/moreRace" className="ht-more-link" data-testid="more-races">
            {t("moreRaces")} <ArrowRightOutlined aria-hidden />
          </Link>
        )}
      </div>
      <ListState
        kind="races"
        loading={s.races.isPending}
        error={s.races.isError && !s.races.data}
        errorTitle={t("racesError")}
        onRetry={() => void s.races.refetch()}
        empty={s.list.length === 0}
        rows={3}
      >
        <RaceGrid races={s.list} now={s.now} label={t("running")} />
      </ListState>
    </section>
  );
}

export function LeaderSection({ s }: { s: RacesState }) {
  const { t } = useTranslation("races");
  return (
    <section className="ht-section ht-panel" aria-labelledby="ht-leaders-title">
      <h3 id="ht-leaders-title" className="ht-section-title">
        {t("leaderBoard")}
      </h3>
      <ListState
        kind="leaders"
        loading={s.board.isPending && s.board.fetchStatus !== "idle"}
        error={s.board.isError && !s.board.data}
        errorTitle={t("leadersError")}
        onRetry={() => void s.board.refetch()}
        empty={s.leaders.length === 0}
      >
        <LeaderBoard leaders={s.leaders} account={s.account} />
      </ListState>
    </section>
  );
}

/** §2 own history and points; without a wallet, an invitation to connect one. */
export function HistorySection({ s, more }: { s: RacesState; more: boolean }) {
  const { t } = useTranslation("races");
  const title = more ? t("raceHistory") : t("myHistory");
  return (
    <section className="ht-section ht-panel" aria-labelledby="ht-history-title">
      <div className="ht-section-head">
        <h3 id="ht-history-title" className="ht-section-title">
          {title}
        </h3>
        {s.account && (
          <span className="ht-my-points" data-testid="my-points">
            <span className="ht-muted">{t("myPoints")}</span>{" "}
            <strong data-testid="my-points-value">{formatPoints(s.myPoints)}</strong>
          </span>
        )}
      </div>
      {s.account ? (
        <ListState
          kind="history"
          loading={s.mine.isPending}
          error={s.mine.isError && !s.mine.data}
          errorTitle={t("historyError")}
          onRetry={() => void s.mine.refetch()}
          empty={s.history.length === 0}
        >
          <HistoryList
            items={s.shownHistory}
            account={s.account}
            own
            pageSize={more ? HISTORY_PAGE_SIZE : 0}
            label={title}
          />
          {!more && s.history.length > s.shownHistory.length && (
            <Link to="/headTail/moreRace" className="ht-more-link" data-testid="all-history">
              {t("raceHistory")} <ArrowRightOutlined aria-hidden />
            </Link>
          )}
        </ListState>
      ) : (
        <div className="ht-connect" data-testid="history-connect">
          <p className="list-empty">{t("noRecord")}</p>
          <p className="ht-muted">{t("connectForHistory")}</p>
          <Button type="primary" onClick={() => useWalletUi.getState().openDialog()}>
            {t("button.connect")}
          </Button>
        </div>
      )}
    </section>
  );
}
