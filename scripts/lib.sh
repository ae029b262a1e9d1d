# shellcheck shell=sh
# SPDX-License-Identifier: GPL-2.0
# scripts/lib.sh - shared paths for pwcsim's scripts (sourced, not run).
#
# Everything derived from Debian packages lives in the cache directory
# (PWCSIM_CACHE, default ~/.cache/pwcsim) so that a machine builds it once:
#   debian-kernel/<abi>/   the VM's kernel image, unpacked (scripts/deps)
#   src/<version>/         linux-source-6.1 unpacked (checkpatch, kunit.py,
#                          the test kernels' source)
#   test-kernel/<key>/     the KUnit test kernels (scripts/test-kernel)

PWCSIM_CACHE=${PWCSIM_CACHE:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/pwcsim}
# shellcheck disable=SC2034 # used by the scripts that source this
TOP=$(cd "$(dirname "$0")/.." && pwd)

die() { echo "${0##*/}: $*" >&2; exit 1; }

# The Debian kernel ABI (e.g. 6.1.0-57-amd64) the VM boots.
debian_abi() {
	dpkg-query -W -f='${Depends}\n' linux-headers-amd64 2>/dev/null |
		sed -n 's/.*linux-headers-\([0-9][^ ,]*-amd64\).*/\1/p'
}

debian_vmlinuz() {
	abi=$(debian_abi)
	echo "$PWCSIM_CACHE/debian-kernel/$abi/boot/vmlinuz-$abi"
}

debian_kdir() { echo "/usr/src/linux-headers-$(debian_abi)"; }

# Unpack linux-source-6.1 once per version; print the tree's path.
linux_src() {
	ver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null) ||
		die "linux-source-6.1 is not installed (run scripts/deps)"
	dir="$PWCSIM_CACHE/src/$ver"
	mkdir -p "$PWCSIM_CACHE/src"
	# one unpacker at a time: a second one's rm -rf would pull the tree
	# from under a kernel build that the first one's caller started
	(
		flock 9
		if [ ! -f "$dir/.unpacked" ]; then
			tmp=$(mktemp -d "$PWCSIM_CACHE/src/unpack.XXXXXX")
			tar -C "$tmp" -xJf /usr/src/linux-source-6.1.tar.xz ||
				die "cannot unpack linux-source-6.1"
			rm -rf "$dir"
			mv "$tmp/linux-source-6.1" "$dir"
			rm -rf "$tmp"
			touch "$dir/.unpacked"
		fi
	) 9>"$PWCSIM_CACHE/src/.lock" || exit 1
	echo "$dir"
}
