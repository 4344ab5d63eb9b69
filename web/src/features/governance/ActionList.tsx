import { EditOutlined, PlusOutlined } from "@ant-design/icons";
import { ADDRESS_ARRAY, actionSignature, PROPOSAL_ERRORS, parseAddressArray } from "@sofi/core";
import { Button, Empty } from "antd";
import { useTranslation } from "react-i18next";
import { shortenAddress } from "../wallet/index.ts";
import type { Simulation } from "./chain.ts";
import { symbolOf, targetName } from "./rules.ts";
import { SimulationResult } from "./Simulation.tsx";
import type { CreateForm } from "./useCreateForm.ts";
import { problemText } from "./useCreateState.ts";

type Token = { address: string; symbol: string };

/** An attribute's value as a reader sees it: an address list by symbol where known. */
export function attributeText(key: string, value: string, tokens: readonly Token[]): string {
  if (key.trim() === ADDRESS_ARRAY) {
    const list = parseAddressArray(value);
    if (list) return list.map((a) => symbolOf(a, tokens) ?? shortenAddress(a)).join(", ");
  }
  return value;
}

/**
 * The create form's governance actions (spec 002 §2 "action lists"): each with its kind, call and
 * simulation from the timelock, and Edit; "Add action" opens the modal at index -1.
 */
export function ActionList(p: {
  form: CreateForm;
  tokens: readonly Token[];
  names: ReadonlyMap<string, string>;
  simulations: (Simulation | "pending" | "error" | null)[];
}) {
  const { t } = useTranslation("governance");
  const { form } = p;
  const problem = form.shownFormProblem === PROPOSAL_ERRORS.actions ? form.shownFormProblem : null;
  return (
    <section className="gv-panel" aria-labelledby="gv-actions-title" data-testid="create-actions">
      <div className="gv-section-head">
        <h2 id="gv-actions-title" className="gv-section-title">
          {t("actions")}
        </h2>
        <Button icon={<PlusOutlined />} onClick={form.openAdd} data-testid="action-add">
          {t("addAction")}
        </Button>
      </div>
      <p className="gv-muted">{t(`actionsHint.${form.kind}`)}</p>
      {form.actions.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("noActions")} data-testid="actions-empty" />
      ) : (
        <ol className="gv-actions" aria-label={t("actions")}>
          {form.actions.map((a, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: actions are edited by their index (§4)
            <li key={i} className="gv-action" data-testid="action-item">
              <div className="gv-action-head">
                <span className="gv-action-index">#{i + 1}</span>
                <span className="gv-action-kind">{t(`actionKinds.${a.kind}`)}</span>
                <Button
                  size="small"
                  type="text"
                  icon={<EditOutlined />}
                  onClick={() => form.openEdit(i)}
                  aria-label={t("editAction", { n: i + 1 })}
                  data-testid="action-edit"
                >
                  {t("edit")}
                </Button>
              </div>
              <div className="gv-action-call">
                <span className="gv-action-contract" title={a.contract}>
                  {a.contract.trim() ? targetName(a.contract.trim(), p.names, p.tokens, t) : "--"}
                </span>
                <code className="gv-action-sig">{actionSignature(a)}</code>
              </div>
              {a.attributes.map((at, k) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: attributes in their order
                <div key={k} className="gv-action-arg">
                  <span className="gv-muted">{at.key}</span> {attributeText(at.key, at.value, p.tokens)}
                </div>
              ))}
              <SimulationResult result={p.simulations[i]} />
            </li>
          ))}
        </ol>
      )}
      {problem && (
        <div className="gv-error" role="alert" data-testid="create-actions-error">
          {problemText(t, problem)}
        </div>
      )}
    </section>
  );
}
