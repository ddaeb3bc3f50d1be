#!/usr/bin/env bash
# Installs the peers `npm run bench` measures docjet against, outside the repository (they are not
# docjet's dependencies and never enter package.json): Pagefind 1.6 (its native binary comes
# through npm's optional dependencies) and Docusaurus 3.10 with @docusaurus/faster (its Rust
# bundler), plus the React it renders with. Into $DOCJET_PEERS, default ~/.cache/docjet-peers;
# the bench reads the same variable. Run it again to update; delete the folder to remove them.
set -euo pipefail

PEERS="${DOCJET_PEERS:-${HOME}/.cache/docjet-peers}"
PACKAGES=(
  'pagefind@~1.6.0'
  '@docusaurus/core@~3.10.0'
  '@docusaurus/preset-classic@~3.10.0'
  '@docusaurus/faster@~3.10.0'
  'react@^19'
  'react-dom@^19'
)

node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" -lt 20 ]; then
  echo "install-peers: Node.js $(node -v) is too old; Docusaurus 3.10 and docjet need Node.js 20 or later." >&2
  exit 1
fi

mkdir -p "$PEERS"
cd "$PEERS"
[ -f package.json ] || printf '{\n  "name": "docjet-peers",\n  "private": true\n}\n' > package.json
echo "install-peers: installing ${PACKAGES[*]} into $PEERS"
npm install --no-audit --no-fund --loglevel=error "${PACKAGES[@]}"

# Each package's `engines.node` against the Node.js running here (Docusaurus 3.10 asks for >= 20.0).
node --input-type=module - "$PEERS" <<'NODE'
import { readFileSync } from 'node:fs';
import path from 'node:path';
const peers = process.argv[2];
const [major, minor] = process.versions.node.split('.').map(Number);
let bad = 0;
for (const name of ['pagefind', '@docusaurus/core', '@docusaurus/faster', '@docusaurus/preset-classic']) {
  const manifest = JSON.parse(readFileSync(path.join(peers, 'node_modules', name, 'package.json'), 'utf8'));
  const wanted = manifest.engines?.node ?? '(any)';
  // The ranges these packages use are ">=X" or ">=X.Y": enough to compare here without a semver parser.
  const floor = /^>=\s*(\d+)(?:\.(\d+))?/.exec(wanted);
  const fits = !floor || major > Number(floor[1]) || (major === Number(floor[1]) && minor >= Number(floor[2] ?? 0));
  console.log(`install-peers: ${name} ${manifest.version}, engines.node ${wanted}: ${fits ? 'fits' : 'does NOT fit'} Node.js ${process.versions.node}`);
  if (!fits) bad++;
}
process.exit(bad === 0 ? 0 : 1);
NODE
"$PEERS/node_modules/.bin/pagefind" --version
echo "install-peers: done. \`npm run bench\` finds them (DOCJET_PEERS=$PEERS when not the default)."
