import { Component, type ComponentType, Fragment, type ReactNode, Suspense, useMemo } from "react";
import { useCapabilities } from "./config.ts";
import { contributionsOf, type SlotContribution, type SlotName, type SlotProps, useFeatures } from "./feature.ts";

type BoundaryProps = { slot: string; id: string; children: ReactNode };

/** One contribution that throws (or whose chunk fails to load) renders nothing; the host screen stays. */
class ContributionBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(`slot ${this.props.slot}: contribution ${this.props.id} failed`, error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** An item of the host screen's own, placed among the contributions by its `order`. */
export type OwnItem = { id: string; order: number; element: ReactNode };

/** The contributions of the features that are on to `name`, in order (see `contributionsOf`). */
export function useSlot<S extends SlotName>(name: S): SlotContribution<S>[] {
  const features = useFeatures();
  const on = useCapabilities();
  return useMemo(() => contributionsOf(features, on, name), [features, on, name]);
}

/** Renders one contribution inside its error boundary and Suspense (lazy contributions load on demand). */
export function renderContribution<S extends SlotName>(name: S, c: SlotContribution<S>, props: SlotProps[S]) {
  const C = c.Component as ComponentType<SlotProps[S]>;
  return (
    <ContributionBoundary key={c.id} slot={name} id={c.id}>
      <Suspense fallback={null}>
        <C {...props} />
      </Suspense>
    </ContributionBoundary>
  );
}

/**
 * `<Slot name="account.panel" props={{ account, close }} />`: what the features that are on add to
 * this place of the screen, in order, each inside an error boundary and Suspense. `own` places the
 * host's own items among them by order (e.g. the home's lists between the AI box and the interest
 * view); `filter` keeps some contributions only.
 */
export function Slot<S extends SlotName>(
  p: {
    name: S;
    own?: readonly OwnItem[];
    filter?: (c: SlotContribution<S>) => boolean;
    // A slot whose props are empty needs none.
  } & (SlotProps[S] extends Record<string, never> ? { props?: SlotProps[S] } : { props: SlotProps[S] }),
) {
  const all = useSlot(p.name);
  const props = (p.props ?? {}) as SlotProps[S];
  const list = p.filter ? all.filter(p.filter) : all;
  const items: { order: number; i: number; node: ReactNode }[] = list.map((c, i) => ({
    order: c.order ?? 0,
    i,
    node: renderContribution(p.name, c, props),
  }));
  for (const o of p.own ?? [])
    items.push({ order: o.order, i: -1, node: <Fragment key={`own:${o.id}`}>{o.element}</Fragment> });
  // Stable: at equal order the host's own item comes first, then contributions in their order.
  items.sort((a, b) => a.order - b.order || a.i - b.i);
  return <>{items.map((x) => x.node)}</>;
}
