#!/usr/bin/env bash
# The Debian tools the tests use: Chromium (browser tests), poppler-utils, qpdf and openssl (PDF and
# signature checks), libnss3-tools (certutil: an NSS database trusting the platform's CA for pdfsig),
# LibreOffice Writer (DOC/DOCX to PDF conversion), nginx (the load balancer in front of several server
# processes: apps/server/src/robustness/scale-out.test.ts), and a small CJK font for readable Chinese
# screenshots.
# Installs the missing ones when running as root; otherwise says what to install.
set -euo pipefail

missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
command -v qpdf >/dev/null 2>&1 || missing+=(qpdf)
# OpenSSL checks every CMS signature on its own (apps/server/src/signing/signing.test.ts).
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
command -v certutil >/dev/null 2>&1 || missing+=(libnss3-tools)
command -v soffice >/dev/null 2>&1 || missing+=(libreoffice-writer-nogui)
# Debian's package does not start nginx in a container without an init system; the tests run their own.
[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1 || missing+=(nginx)
# A CJK font, so that the end-to-end screenshots in Chinese can be read (not needed to pass).
[ -e /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] || missing+=(fonts-wqy-microhei)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing the Debian packages the tests need: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi

echo "The tests need these Debian packages: ${missing[*]}" >&2
echo "Install them with: sudo apt-get install -y ${missing[*]}" >&2
echo "(or set CHROMIUM_PATH to a Chromium binary)" >&2
exit 1
