#!/usr/bin/env bash
# Re-extracts these artifacts from the published npm tarball and checks them against SHA256SUMS.
# The package cannot be an npm dependency: its peer dependencies (hardhat, ethereum-waffle ->
# ganache-core) pull a git-hosted package that `npm ci` cannot install (see docs/decisions.md).
set -euo pipefail
cd "$(dirname "$0")"
version=0.1.16
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack "@setprotocol/set-protocol-v2@$version" >/dev/null && tar xzf ./*.tgz)
for name in Controller SetTokenCreator IntegrationRegistry BasicIssuanceModule StreamingFeeModule TradeModule UniswapV2ExchangeAdapter SetToken; do
  cp "$(find "$tmp/package/artifacts/contracts" -name "$name.json" | head -1)" .
done
sha256sum -c SHA256SUMS
