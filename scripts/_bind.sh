# Shared by serve.sh: where the development server listens, and the host names it answers to.
# BIND=0.0.0.0:8000 (or the first argument of serve.sh) serves the whole local network, e.g.
# the club's Wi-Fi, so that the players' phones open the pages: the machine's own addresses
# (`hostname -I`, or LAN_ADDRESSES="192.168.1.20 …") are then added to the host names served,
# unless DJANGO_ALLOWED_HOSTS says otherwise.

bind_settings() {
  BIND_ADDRESS="${1:-${BIND:-127.0.0.1:8000}}"
  case "$BIND_ADDRESS" in
    *:*) ;;
    *) BIND_ADDRESS="$BIND_ADDRESS:8000" ;;
  esac
  local host="${BIND_ADDRESS%:*}" port="${BIND_ADDRESS##*:}"
  # where the organiser logs in from this machine (the demo prints it)
  case "$host" in
    0.0.0.0|localhost) LOGIN_URL="http://127.0.0.1:$port/login/" ;;
    *) LOGIN_URL="http://$host:$port/login/" ;;
  esac
  PHONE_URLS=""
  if [ "$host" != "127.0.0.1" ] && [ "$host" != "localhost" ]; then
    local addresses
    if [ "$host" = "0.0.0.0" ]; then
      addresses="${LAN_ADDRESSES:-$(hostname -I 2>/dev/null || true)}"
    else
      addresses="$host"
    fi
    local hosts="127.0.0.1,localhost,[::1]" address
    for address in $addresses; do
      case "$address" in *:*) continue ;; esac  # IPv6: phones on a club's Wi-Fi use IPv4
      hosts="$hosts,$address"
      PHONE_URLS="$PHONE_URLS http://$address:$port/"
    done
    export DJANGO_ALLOWED_HOSTS="${DJANGO_ALLOWED_HOSTS:-$hosts}"
  fi
}
