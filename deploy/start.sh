#!/bin/bash
# The whole site on this machine, on loopback ports: a throw-away PostgreSQL cluster, Redis,
# N `belot serve` processes and nginx in front of them. Everything lives in $BELOT_DEPLOY
# (default ./belot-deploy): data, logs and pid files.
#
#   deploy/start.sh start [N]   start (N processes, default 3); prints the address to open
#   deploy/start.sh stop        stop everything started here (the data stays)
#   deploy/start.sh status      what runs
#
# Ports: nginx $BELOT_PORT (8150), processes 8161.., PostgreSQL 8171, Redis 8172.
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
DIR=$(mkdir -p "${BELOT_DEPLOY:-belot-deploy}" && cd "${BELOT_DEPLOY:-belot-deploy}" && pwd)
PORT=${BELOT_PORT:-8150}
PG_PORT=${BELOT_PG_PORT:-8171}
REDIS_PORT=${BELOT_REDIS_PORT:-8172}
FIRST=${BELOT_FIRST_PORT:-8161}
BELOT=${BELOT:-belot}
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
# initdb refuses to run as root: the cluster then runs as `postgres`.
AS=""
if [ "$(id -u)" = 0 ]; then AS="runuser -u postgres --"; fi

need() { command -v "$1" >/dev/null 2>&1 || [ -x "$1" ] || { echo "start.sh: $1 is missing ($2)" >&2; exit 1; }; }

wait_port() {  # wait until something listens on 127.0.0.1:$1
    for _ in $(seq 600); do  # 60 s: a server on a busy machine may take a while to start
        if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
        sleep 0.1
    done
    echo "start.sh: nothing listens on port $1 (see $DIR/*.log)" >&2
    exit 1
}

start() {
    n=${1:-3}
    need "$PG_BIN/initdb" "apt-get install postgresql"
    need /usr/bin/redis-server "apt-get install redis-server"
    need /usr/sbin/nginx "apt-get install nginx"
    need "$BELOT" "pip install 'belot[cluster,postgres]', or set BELOT"
    # PostgreSQL: a cluster of its own in $DIR/pg, trusting local connections only.
    if [ ! -d "$DIR/pg" ]; then
        mkdir -p "$DIR/pg"
        [ -z "$AS" ] || chown postgres "$DIR" "$DIR/pg"
        $AS "$PG_BIN/initdb" -D "$DIR/pg" -U belot --auth=trust -E UTF8 >"$DIR/initdb.log"
    fi
    [ -z "$AS" ] || chown postgres "$DIR"
    $AS "$PG_BIN/pg_ctl" start -w -D "$DIR/pg" -l "$DIR/postgres.log" \
        -o "-p $PG_PORT -h 127.0.0.1 -k $DIR" >/dev/null
    $AS "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U belot -d postgres -tAc \
        "SELECT 1 FROM pg_database WHERE datname = 'belot'" | grep -q 1 ||
        $AS "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U belot belot
    # Redis: messages only, nothing on disk.
    /usr/bin/redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no \
        --dir "$DIR" --daemonize yes --pidfile "$DIR/redis.pid" --logfile "$DIR/redis.log"
    wait_port "$REDIS_PORT"
    # The game servers.
    servers=""
    i=0
    while [ "$i" -lt "$n" ]; do
        p=$((FIRST + i))
        nohup "$BELOT" serve --port "$p" \
            --database-url "postgresql+psycopg://belot@127.0.0.1:$PG_PORT/belot" \
            --redis-url "redis://127.0.0.1:$REDIS_PORT/0" $BELOT_OPTIONS \
            >"$DIR/serve-$p.log" 2>&1 &
        echo $! >"$DIR/serve-$p.pid"
        servers+="        server 127.0.0.1:$p max_fails=1 fail_timeout=2s;"$'\n'
        i=$((i + 1))
    done
    i=0
    while [ "$i" -lt "$n" ]; do wait_port $((FIRST + i)); i=$((i + 1)); done
    # nginx in front.
    mkdir -p "$DIR/nginx"
    sed -e "s|@PREFIX@|$DIR/nginx|g" -e "s|@LISTEN@|127.0.0.1:$PORT|" "$HERE/nginx.conf" |
        awk -v servers="$servers" '/@SERVERS@/ { printf "%s", servers; next } { print }' \
            >"$DIR/nginx/nginx.conf"
    nohup /usr/sbin/nginx -p "$DIR/nginx" -c "$DIR/nginx/nginx.conf" -e stderr \
        >"$DIR/nginx.log" 2>&1 &
    wait_port "$PORT"
    echo "belot: $n processes behind nginx on http://127.0.0.1:$PORT/ (files in $DIR)"
}

stop() {
    for pidfile in "$DIR"/serve-*.pid "$DIR/nginx/nginx.pid" "$DIR/redis.pid"; do
        [ -f "$pidfile" ] || continue
        kill "$(cat "$pidfile")" 2>/dev/null || true
        rm -f "$pidfile"
    done
    if [ -f "$DIR/pg/postmaster.pid" ]; then
        $AS "$PG_BIN/pg_ctl" stop -w -m fast -D "$DIR/pg" >/dev/null
    fi
    echo "belot: stopped (the data stays in $DIR; rm -r it to forget every table)"
}

status() {
    for pidfile in "$DIR"/serve-*.pid "$DIR/nginx/nginx.pid" "$DIR/redis.pid" "$DIR/pg/postmaster.pid"; do
        [ -f "$pidfile" ] || continue
        pid=$(head -n 1 "$pidfile")
        if kill -0 "$pid" 2>/dev/null; then state=runs; else state=gone; fi
        echo "$(basename "$pidfile" .pid) (pid $pid): $state"
    done
}

BELOT_OPTIONS=${BELOT_OPTIONS:-}
case "${1:-}" in
    start) start "${2:-3}" ;;
    stop) stop ;;
    status) status ;;
    *) echo "usage: deploy/start.sh start [N] | stop | status" >&2; exit 2 ;;
esac
