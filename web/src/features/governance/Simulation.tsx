import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined, WarningOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { Simulation } from "./chain.ts";

/** One action's simulation from the timelock: would succeed, would fail with its reason, checking, or unknown. */
export function SimulationResult({ result }: { result: Simulation | "pending" | "error" | null | undefined }) {
  const { t } = useTranslation("governance");
  if (result === null || result === undefined) return null;
  if (result === "pending")
    return (
      <span className="gv-sim gv-sim-pending" data-testid="simulation" data-result="pending">
        <LoadingOutlined aria-hidden /> {t("sim.pending")}
      </span>
    );
  if (result === "error")
    return (
      <span className="gv-sim gv-sim-unknown" data-testid="simulation" data-result="error">
        <WarningOutlined aria-hidden /> {t("sim.error")}
      </span>
    );
  if (result.ok)
    return (
      <span className="gv-sim gv-sim-ok" data-testid="simulation" data-result="ok">
        <CheckCircleFilled aria-hidden /> {t("sim.ok")}
      </span>
    );
  return (
    <span className="gv-sim gv-sim-fail" data-testid="simulation" data-result="fail">
      <CloseCircleFilled aria-hidden /> {t("sim.fail", { reason: result.reason ?? t("sim.noReason") })}
    </span>
  );
}
