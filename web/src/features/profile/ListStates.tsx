import { Skeleton } from "antd";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { ListStates as KernelListStates } from "../../kernel/ListStates.tsx";

type Props = Omit<
  ComponentProps<typeof KernelListStates>,
  "retryLabel" | "emptyLook" | "stateClassName" | "skeleton" | "renderLoading"
>;

/**
 * A profile list's body in each of its states (the kernel's ListStates, in the profile's words):
 * two avatar skeletons while loading, a warning with Retry, the empty picture, or `children`.
 * Test ids: `{kind}-loading`, `{kind}-error`, `{kind}-empty`.
 */
export function ListStates(props: Props) {
  const { t } = useTranslation("profile");
  return (
    <KernelListStates
      {...props}
      retryLabel={t("retry")}
      emptyLook="simplePicture"
      stateClassName=""
      skeleton={
        <>
          <Skeleton avatar active paragraph={{ rows: 1 }} />
          <Skeleton avatar active paragraph={{ rows: 1 }} />
        </>
      }
    />
  );
}
