#!/usr/bin/env bash
# Installs the browser the browser tests drive: Debian's chromium package, since test tools cannot
# download browsers on this network. Does nothing when it is already there.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo -n"; else
    echo "install-browser: run as root or install the Debian package chromium yourself (apt-get install chromium)." >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
echo "install-browser: installed $(/usr/bin/chromium --version)"
