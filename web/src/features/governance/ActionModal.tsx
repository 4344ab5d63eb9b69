import { DeleteOutlined, MinusCircleOutlined, PlusOutlined } from "@ant-design/icons";
import { type ActionKind, formatAddressArray, parseAddressArray } from "@sofi/core";
import { Button, Input, Modal, Select } from "antd";
import { useTranslation } from "react-i18next";
import { isAddressArray, keysLocked } from "./rules.ts";
import type { CreateForm } from "./useCreateForm.ts";
import { problemText } from "./useCreateState.ts";

type Token = { address: string; symbol: string; name: string };

function FieldError({ id, text }: { id: string; text: string | null | undefined }) {
  const { t } = useTranslation("governance");
  if (!text) return null;
  return (
    <div id={id} className="gv-error" role="alert" data-testid={id}>
      {problemText(t, text)}
    </div>
  );
}

/**
 * The action modal (spec 002 §2, §4, §5): add (index -1) or edit a governance action: its kind, the
 * contract address, the function name and the attributes (key = parameter type, value); keys are
 * locked unless the action is free-form; address arrays are written as a bracketed quoted list (a
 * token picker writes it too). Save replaces or appends; Remove deletes the edited action.
 */
export function ActionModal(p: { form: CreateForm; tokens: readonly Token[]; allowed: ReadonlySet<string> }) {
  const { t } = useTranslation("governance");
  const { form } = p;
  const m = form.modal;
  if (!m.open) return null;
  const d = m.draft;
  const problems = m.tried ? form.problems : null;
  const locked = keysLocked(d);
  const setAttr = (k: number, patch: Partial<{ key: string; value: string }>) =>
    form.edit((x) => ({ ...x, attributes: x.attributes.map((a, i) => (i === k ? { ...a, ...patch } : a)) }));
  return (
    <Modal
      open
      title={m.index < 0 ? t("addActionTitle") : t("editActionTitle", { n: m.index + 1 })}
      onCancel={form.close}
      destroyOnHidden
      data-testid="action-modal"
      footer={[
        m.index >= 0 ? (
          <Button key="remove" danger icon={<DeleteOutlined />} onClick={form.remove} data-testid="action-remove">
            {t("remove")}
          </Button>
        ) : null,
        <Button key="cancel" onClick={form.close} data-testid="action-cancel">
          {t("cancel")}
        </Button>,
        <Button key="save" type="primary" onClick={form.save} data-testid="action-save">
          {t("save")}
        </Button>,
      ]}
    >
      <div className="gv-modal-form">
        {form.kinds.length > 1 && (
          <div className="gv-field">
            <label htmlFor="gv-action-kind" className="gv-label-text">
              {t("actionKind")}
            </label>
            <Select
              id="gv-action-kind"
              value={d.kind}
              onChange={(k: ActionKind) => form.setActionKind(k)}
              options={form.kinds.map((k) => ({ value: k, label: t(`actionKinds.${k}`) }))}
              data-testid="action-kind"
            />
          </div>
        )}
        <div className="gv-field">
          <label htmlFor="gv-action-contract" className="gv-label-text">
            {t("contractAddress")}
          </label>
          <Input
            id="gv-action-contract"
            value={d.contract}
            disabled={locked}
            onChange={(e) => form.edit((x) => ({ ...x, contract: e.target.value }))}
            placeholder="0x…"
            status={problems?.contract ? "error" : undefined}
            aria-invalid={!!problems?.contract}
            aria-describedby={problems?.contract ? "action-contract-error" : undefined}
            data-testid="action-contract"
          />
          <FieldError id="action-contract-error" text={problems?.contract} />
        </div>
        <div className="gv-field">
          <label htmlFor="gv-action-function" className="gv-label-text">
            {t("functionName")}
          </label>
          <Input
            id="gv-action-function"
            value={d.functionName}
            disabled={locked}
            onChange={(e) => form.edit((x) => ({ ...x, functionName: e.target.value }))}
            placeholder="transfer"
            status={problems?.functionName ? "error" : undefined}
            aria-invalid={!!problems?.functionName}
            aria-describedby={problems?.functionName ? "action-function-error" : undefined}
            data-testid="action-function"
          />
          <FieldError id="action-function-error" text={problems?.functionName} />
        </div>
        <fieldset className="gv-attributes">
          <legend className="gv-label-text">{t("attributes")}</legend>
          {d.attributes.map((a, k) => {
            const picked = isAddressArray(a.key) ? (parseAddressArray(a.value) ?? []) : [];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: attributes in their order
              <div key={k} className="gv-attribute" data-testid="action-attribute">
                <div className="gv-attribute-row">
                  <Input
                    className="gv-attribute-key"
                    value={a.key}
                    disabled={locked}
                    onChange={(e) => setAttr(k, { key: e.target.value })}
                    placeholder={t("keyPlaceholder")}
                    aria-label={t("attributeKey", { n: k + 1 })}
                    status={problems?.attributes[k]?.key ? "error" : undefined}
                    data-testid="action-key"
                  />
                  {!locked && d.attributes.length > 1 && (
                    <Button
                      type="text"
                      icon={<MinusCircleOutlined />}
                      aria-label={t("removeAttribute", { n: k + 1 })}
                      onClick={() => form.edit((x) => ({ ...x, attributes: x.attributes.filter((_, i) => i !== k) }))}
                    />
                  )}
                </div>
                <FieldError id={`action-key-error-${k}`} text={problems?.attributes[k]?.key} />
                {isAddressArray(a.key) && (
                  <Select
                    mode="multiple"
                    className="gv-token-picker"
                    value={picked}
                    onChange={(list: string[]) => setAttr(k, { value: list.length ? formatAddressArray(list) : "" })}
                    options={p.tokens.map((tk) => ({
                      value: tk.address.toLowerCase(),
                      label: `${tk.symbol}${p.allowed.has(tk.address.toLowerCase()) ? ` · ${t("listed")}` : ""}`,
                    }))}
                    optionFilterProp="label"
                    placeholder={t("pickTokens")}
                    aria-label={t("pickTokens")}
                    data-testid="action-token-picker"
                  />
                )}
                <Input.TextArea
                  value={a.value}
                  onChange={(e) => setAttr(k, { value: e.target.value })}
                  autoSize={{ minRows: 1, maxRows: 6 }}
                  placeholder={isAddressArray(a.key) ? '["0x…","0x…"]' : t("valuePlaceholder")}
                  aria-label={t("attributeValue", { n: k + 1 })}
                  status={problems?.attributes[k]?.value ? "error" : undefined}
                  data-testid="action-value"
                />
                <FieldError id={`action-value-error-${k}`} text={problems?.attributes[k]?.value} />
              </div>
            );
          })}
          {!locked && (
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => form.edit((x) => ({ ...x, attributes: [...x.attributes, { key: "", value: "" }] }))}
              data-testid="action-add-attribute"
            >
              {t("addAttribute")}
            </Button>
          )}
        </fieldset>
      </div>
    </Modal>
  );
}
