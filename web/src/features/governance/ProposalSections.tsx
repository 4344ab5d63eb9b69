import { ArrowRightOutlined } from "@ant-design/icons";
import type { ApiProposal } from "@sofi/core";
import { Timeline } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { shortenAddress } from "../wallet/index.ts";
import { formatAmount, formatDateTime } from "./format.ts";
import { Markdown } from "./markdown.tsx";
import { StateTag, TxLink } from "./parts.tsx";
import { addressesOf, simulatesActions, symbolOf, targetName, wizardLink } from "./rules.ts";
import { SimulationResult } from "./Simulation.tsx";
import type { ProposalState } from "./useProposalState.ts";

/** §2 details: proposer, times, the stake, the transaction. */
export function Details({ p, s }: { p: ApiProposal; s: ProposalState }) {
  const { t, i18n } = useTranslation("governance");
  const rows: [string, React.ReactNode, string?][] = [
    [t("state"), t(`states.${p.state}`), "detail-state"],
    [
      t("proposer"),
      <Link key="p" to={`/sts/profile/${p.proposer}`} className="mono" title={p.proposer}>
        {shortenAddress(p.proposer)}
      </Link>,
    ],
    [t("created_at"), `${formatDateTime(p.createTime)} · ${t("block", { n: p.blockHeight })}`],
    [t("votingStarts"), formatDateTime(p.startTime)],
    [t("votingEnds"), formatDateTime(p.endTime)],
    ...(p.eta !== null ? [[t("eta"), formatDateTime(p.eta), "detail-eta"] as [string, string, string]] : []),
    [t("stake"), `${formatAmount(BigInt(p.stake), 18, i18n.language)} SOFI${p.withdrawn ? ` · ${t("claimed")}` : ""}`],
    [t("transaction"), <TxLink key="tx" chainId={s.chainId} hash={p.txid} />],
  ];
  if (p.approve !== null && p.approve !== undefined)
    rows.push([t("yourVote"), p.approve ? t("for") : t("against"), "detail-my-vote"]);
  return (
    <section className="gv-panel" aria-labelledby="gv-details-title">
      <h2 id="gv-details-title" className="gv-section-title">
        {t("details")}
      </h2>
      <dl className="gv-dl">
        {rows.map(([k, v, id]) => (
          <div key={k} data-testid={id}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** §2 content: the description's markdown, rendered safely. */
export function Content({ p }: { p: ApiProposal }) {
  const { t } = useTranslation("governance");
  return (
    <section className="gv-panel" aria-labelledby="gv-body-title">
      <h2 id="gv-body-title" className="gv-section-title">
        {t("content")}
      </h2>
      {p.description.trim() ? <Markdown source={p.description} /> : <p className="gv-muted">{t("noContent")}</p>}
    </section>
  );
}

/**
 * The on-chain actions, each with the result of executing it now from the timelock while the
 * proposal may still run it; an executed allow-list change links to the create wizard.
 */
export function Actions({ p, s }: { p: ApiProposal; s: ProposalState }) {
  const { t } = useTranslation("governance");
  const simulate = simulatesActions(p.state);
  return (
    <section className="gv-panel" aria-labelledby="gv-calls-title" data-testid="proposal-actions">
      <h2 id="gv-calls-title" className="gv-section-title">
        {t("actions")}
      </h2>
      {simulate && <p className="gv-muted">{t("simHint")}</p>}
      <ol className="gv-actions">
        {p.calls.map((c, i) => {
          const name = targetName(c.target, s.names, s.tokens, t);
          const result = !simulate ? null : s.simulations.isError ? "error" : (s.simulations.data?.[i] ?? "pending");
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a proposal's actions in their order
            <li key={i} className="gv-action" data-testid="proposal-action">
              <div className="gv-action-call">
                <span className="gv-action-contract" title={c.target}>
                  {name}
                </span>
                <code className="gv-action-sig">{c.signature}</code>
              </div>
              {c.args.map((a, k) => {
                const symbols = addressesOf(a).map((x) => symbolOf(x, s.tokens));
                const named = symbols.length > 0 && symbols.every(Boolean) ? symbols.join(", ") : null;
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: arguments in their order
                  <div key={k} className="gv-action-arg mono">
                    {named ? (
                      <>
                        {named} <span className="gv-muted">{a}</span>
                      </>
                    ) : (
                      a
                    )}
                  </div>
                );
              })}
              {c.value !== "0" && <div className="gv-action-arg">{t("value", { value: c.value })}</div>}
              <SimulationResult result={result} />
            </li>
          );
        })}
      </ol>
      {s.listed.length > 0 && (
        <Link to={wizardLink(s.listed)} className="gv-effect" data-testid="proposal-effect">
          {t("effectLink", { symbols: s.listed.join(", ") })} <ArrowRightOutlined aria-hidden />
        </Link>
      )}
    </section>
  );
}

/** §2 the state history: each state with its time and, where a transaction made it, the transaction. */
export function History({ p, s }: { p: ApiProposal; s: ProposalState }) {
  const { t } = useTranslation("governance");
  return (
    <section className="gv-panel" aria-labelledby="gv-history-title" data-testid="proposal-history">
      <h2 id="gv-history-title" className="gv-section-title">
        {t("history")}
      </h2>
      <Timeline
        className="gv-history"
        items={p.state_history.map((h) => ({
          key: `${h.state}-${h.start_time}`,
          content: (
            <div className="gv-history-item" data-testid="history-item" data-state={h.state}>
              <StateTag state={h.state} /> <strong>{t(`states.${h.state}`)}</strong>
              <div className="gv-muted">
                {formatDateTime(h.start_time)}
                {h.txid && (
                  <>
                    {" · "}
                    <TxLink chainId={s.chainId} hash={h.txid} />
                  </>
                )}
              </div>
            </div>
          ),
        }))}
      />
    </section>
  );
}
