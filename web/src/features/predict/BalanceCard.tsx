import { RightOutlined } from "@ant-design/icons";
import type { ApiPosition } from "@sofi/core";
import { Button, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { OnChainText } from "../../kernel/OnChainText.tsx";
import { useWalletUi } from "../wallet/index.ts";
import { formatAmount, formatPercent, trendClass } from "./rules.ts";
import type { HomeState } from "./useHomeState.ts";

/** §2 the balance card: the SOFI balance of the account's positions, its all-time change, the history link. */
export function BalanceCard({ s }: { s: HomeState }) {
  const { t, i18n } = useTranslation("predict");
  const p = s.positions.data;
  return (
    <section className="pm-panel pm-balance" aria-labelledby="pm-balance-title" data-testid="predict-balance">
      <h3 id="pm-balance-title" className="pm-section-title">
        {t("balanceCard")}
      </h3>
      {!s.account ? (
        <>
          <p className="pm-muted">{t("connectHint")}</p>
          <Button
            type="primary"
            onClick={() => useWalletUi.getState().openDialog("options")}
            data-testid="predict-connect"
          >
            {t("connect")}
          </Button>
        </>
      ) : s.positions.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <>
          <div className="pm-balance-figure">
            <span className="pm-muted">{t("balance")}</span>
            <strong data-testid="predict-balance-value">
              {p ? `${formatAmount(p.balance, 2, i18n.language)} SOFI` : "--"}
            </strong>
            <span className={`pm-change ${trendClass(p?.balance_changed)}`} data-testid="predict-balance-change">
              {t("allTime")} {formatPercent(p?.balance_changed)}
            </span>
          </div>
          <Link to="/predict/transactions" className="pm-link" data-testid="predict-history-link">
            {t("history")} <RightOutlined aria-hidden />
          </Link>
        </>
      )}
    </section>
  );
}

/** Open positions (§2): market title, outcome, current value and P/L, styled yes or no by outcome index. */
export function PositionList({ positions, onNavigate }: { positions: ApiPosition[]; onNavigate?: () => void }) {
  const { t, i18n } = useTranslation("predict");
  return (
    <ul className="pm-position-list" aria-label={t("positions")}>
      {positions.map((p) => (
        <li
          key={`${p.market}-${p.outcome_index}`}
          className={`pm-position ${p.outcome_index === 0 ? "is-yes" : "is-no"}`}
        >
          <Link to={`/predict/${p.market}`} onClick={onNavigate} data-testid="open-position">
            <span className="pm-position-title">
              <OnChainText>{p.market_title}</OnChainText>
            </span>
            <span className="pm-position-meta">
              <span className={`pm-outcome-chip ${p.outcome_index === 0 ? "is-yes" : "is-no"}`}>
                <OnChainText>{p.outcome}</OnChainText>
              </span>
              <span>
                {t("value")} {formatAmount(p.value_cur, 2, i18n.language)} SOFI
              </span>
              <span className={`pm-change ${trendClass(p.profit_loss_percentage)}`}>
                {t("pnl")} {formatPercent(p.profit_loss_percentage)}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
