import { Input, List, Modal } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SwapToken } from "./tokens.ts";

/**
 * Minimal stand-in for the tokens feature's `TokenSelectModal` (same props subset): a searchable
 * list of the chain's tokens. Replaced when web/src/features/tokens lands.
 */
export function TokenPicker(props: {
  open: boolean;
  tokens: SwapToken[];
  selected?: SwapToken | null;
  onClose: () => void;
  onSelect: (token: SwapToken) => void;
}) {
  const { t } = useTranslation("swap");
  const [query, setQuery] = useState("");
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return props.tokens;
    return props.tokens.filter(
      (tk) =>
        tk.address.toLowerCase() === q || tk.symbol.toLowerCase().includes(q) || tk.name.toLowerCase().includes(q),
    );
  }, [props.tokens, query]);
  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      footer={null}
      title={t("selectToken")}
      width={420}
      destroyOnHidden
    >
      <Input
        autoFocus
        aria-label={t("searchToken")}
        placeholder={t("searchToken")}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <List
        className="swap-token-list"
        dataSource={shown}
        locale={{ emptyText: t("noTokens") }}
        renderItem={(tk) => (
          <List.Item
            key={tk.address}
            className={`swap-token-row${props.selected?.address === tk.address ? " is-selected" : ""}`}
            role="button"
            tabIndex={0}
            data-testid={`token-option-${tk.symbol}`}
            onClick={() => props.onSelect(tk)}
            onKeyDown={(e) => {
              if (e.key === "Enter" || e.key === " ") props.onSelect(tk);
            }}
          >
            <List.Item.Meta title={tk.symbol} description={tk.name} />
          </List.Item>
        )}
      />
    </Modal>
  );
}
