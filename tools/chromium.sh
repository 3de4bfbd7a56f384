#!/usr/bin/env bash
# Debian's Chromium for the browser tests, at the distribution's current version: installed when
# missing and upgraded when older, so that this machine runs the Chromium a new machine would get
# (a Chromium kept from long ago once hid a change in how it accepts the DevTools connection).
# The package lists are refreshed once a day at most. Without root or apt-get, the Chromium that
# is there is used, and a missing one is an error that says what to install.
set -euo pipefail

if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    lists=/var/lib/apt/lists
    if [ -z "$(find "$lists" -maxdepth 1 -name '*Packages*' -mmin -1440 -print -quit 2>/dev/null)" ]; then
        apt-get update -qq
    fi
    installed=$(dpkg-query -W -f='${Version}' chromium 2>/dev/null || true)
    candidate=$(apt-cache policy chromium | sed -n 's/^ *Candidate: //p')
    if [ -n "$candidate" ] && [ "$installed" != "$candidate" ]; then
        echo "chromium: installing $candidate (was: ${installed:-not installed})"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    fi
elif ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null; then
    echo "chromium is missing and cannot be installed without root and apt-get:" \
         "install Debian's (or your distribution's) chromium package" >&2
    exit 1
fi
"$(command -v chromium || command -v chromium-browser)" --version
