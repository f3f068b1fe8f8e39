#!/usr/bin/env bash
# The strength figures of benchmarks/README.md ("Strength, with intervals"), regenerated with
# `meeple tournament` and `meeple sprt`. Each report lands in benchmarks/strength/NAME.json
# (and the tournaments' plots and HTML report in benchmarks/strength/NAME/). The games are
# stored in $MEEPLE_DB (default here: benchmarks/strength/games.sqlite3, not committed), so
# an interrupted run continues where it stopped: run the script again.
#
#   nice benchmarks/strength.sh         # everything (hours on the shared 2-core box)
#   benchmarks/strength.sh lc-search300-greedy    # one entry
#   ISMCTS='ismcts:iterations=2000' benchmarks/strength.sh lc-search-sprt   # a reworked search
#   WORKERS=4 benchmarks/strength.sh    # more processes (or RAY=auto for a running Ray cluster)
set -euo pipefail
cd "$(dirname "$0")/.."
MEEPLE=${MEEPLE:-.venv/bin/meeple}
OUT=benchmarks/strength
export MEEPLE_DB=${MEEPLE_DB:-$OUT/games.sqlite3}
ISMCTS=${ISMCTS:-ismcts}            # the search bot under test (default budget)
WORKERS=${WORKERS:-2}
RUN=(--workers "$WORKERS")
[[ -n "${RAY:-}" ]] && RUN=(--ray "$RAY")
mkdir -p "$OUT"

stored() {  # NAME: is it in the database already (then it is resumed)?
    "$(dirname "$MEEPLE")/python" -c \
        "import sys; from meeple.arena.storage import Store; sys.exit(sys.argv[1] not in Store().names())" "$1"
}

tournament() {  # NAME GAME ARGS...: a resumable tournament, its JSON report, plots and HTML
    local name=$1 game=$2; shift 2
    local resume=()
    if stored "$name"; then resume=(--resume); fi
    "$MEEPLE" tournament "$game" --name "$name" "${resume[@]}" --json --plots "$OUT/$name" "$@" "${RUN[@]}" > "$OUT/$name.json.part"
    mv "$OUT/$name.json.part" "$OUT/$name.json"
    echo "$name: $OUT/$name.json"
}

sprt() {  # NAME GAME ARGS...: an SPRT, its JSON report (a stored one is resumed)
    local name=$1 game=$2; shift 2
    local resume=()
    if stored "$name"; then resume=(--resume); fi
    "$MEEPLE" sprt "$game" --name "$name" "${resume[@]}" --json "$@" "${RUN[@]}" > "$OUT/$name.json.part"
    mv "$OUT/$name.json.part" "$OUT/$name.json"
    echo "$name: $OUT/$name.json"
}

simulate() {  # NAME GAME ARGS...: solo games (no opponent to rate): wins with their interval and the game's report
    local name=$1 game=$2; shift 2
    COLUMNS=120 "$MEEPLE" simulate "$game" --report "$@" "${RUN[@]}" > "$OUT/$name.txt.part"
    mv "$OUT/$name.txt.part" "$OUT/$name.txt"
    echo "$name: $OUT/$name.txt"
}

declare -A JOBS=(
    # Lost Cities, one-round games
    [lc-greedy-random]="tournament lc-greedy-random lost-cities --bots random,greedy --games 200 -o rounds=1"
    [lc-search-random]="tournament lc-search-random lost-cities --bots random,ismcts:iterations=100 --games 40 -o rounds=1"
    [lc-search300-greedy]="tournament lc-search300-greedy lost-cities --bots greedy,ismcts:iterations=300 --games 60 -o rounds=1"
    [lc-search-sprt]="sprt lc-search-sprt lost-cities --bot $ISMCTS --vs greedy --elo0 0 --elo1 100 --max-games 200 -o rounds=1"
    # Lost Cities, the default game (3 rounds), issue 24: fresh seeds (5000-), never used in tuning
    [lc3-search-greedy-6c]="tournament lc3-search-greedy-6c lost-cities --bots greedy,$ISMCTS --games 100 --seed 5000 -o colors=6"
    [lc3-search-greedy-5c]="tournament lc3-search-greedy-5c lost-cities --bots greedy,$ISMCTS --games 100 --seed 5001 -o colors=5"
    [lc3-search-aggressive-5c]="tournament lc3-search-aggressive-5c lost-cities --bots greedy:style=aggressive,$ISMCTS --games 100 --seed 5002 -o colors=5"
    [lc3-search-aggressive-6c]="tournament lc3-search-aggressive-6c lost-cities --bots greedy:style=aggressive,$ISMCTS --games 100 --seed 5003 -o colors=6"
    [lc3-search-committer-5c]="tournament lc3-search-committer-5c lost-cities --bots greedy:style=committer,$ISMCTS --games 100 --seed 5004 -o colors=5"
    [lc3-search-committer-6c]="tournament lc3-search-committer-6c lost-cities --bots greedy:style=committer,$ISMCTS --games 100 --seed 5005 -o colors=6"
    [lc3-search-scavenger-5c]="tournament lc3-search-scavenger-5c lost-cities --bots greedy:style=scavenger,$ISMCTS --games 100 --seed 5006 -o colors=5"
    [lc3-search-scavenger-6c]="tournament lc3-search-scavenger-6c lost-cities --bots greedy:style=scavenger,$ISMCTS --games 100 --seed 5007 -o colors=6"
    [lc3-search-cautious-5c]="tournament lc3-search-cautious-5c lost-cities --bots greedy:style=cautious,$ISMCTS --games 100 --seed 5008 -o colors=5"
    [lc3-search-cautious-6c]="tournament lc3-search-cautious-6c lost-cities --bots greedy:style=cautious,$ISMCTS --games 100 --seed 5009 -o colors=6"
    # the shipped networks guiding search (net=default: the one distilled on three-round games
    # of the game's colours) in the three-round games people play, against plain search at
    # equal time (0.1 s a move each)
    [lc3-net-plain-6c]="tournament lc3-net-plain-6c lost-cities --bots ismcts:seconds=0.1;net=default,ismcts:seconds=0.1 --games 100 --seed 7808 -o colors=6"
    # (lc3-net-plain-5c was played at 0184530 with net=default, then the one-round network at
    # five colours; the file is named here so that the entry replays it)
    [lc3-net-plain-5c]="tournament lc3-net-plain-5c lost-cities --bots ismcts:seconds=0.1;net=src/meeple/rl/nets/lost-cities.npz,ismcts:seconds=0.1 --games 100 --seed 7809 -o colors=5"
    [lc3-net5-plain-5c]="tournament lc3-net5-plain-5c lost-cities --bots ismcts:seconds=0.1;net=default,ismcts:seconds=0.1 --games 100 --seed 7810 -o colors=5"
    # Little Town
    [lt-greedy-random-3p]="tournament lt-greedy-random-3p little-town --bots random,greedy --players 3 --games 30"
    # issue 24: the search against greedy and each Little Town style, its evaluation counting
    # buildings owned (since 364d96b); fresh seeds (7700-7711), never used in tuning; at 3 and
    # 4 players one search against a table of the bot (--one), each deal in every rotation
    [lt2-search-greedy]="tournament lt2-search-greedy little-town --bots greedy,$ISMCTS --players 2 --games 100 --seed 7709"
    [lt3-search-greedy-1v2]="tournament lt3-search-greedy-1v2 little-town --bots greedy,$ISMCTS --one $ISMCTS --players 3 --games 100 --seed 7710"
    [lt4-search-greedy-1v3]="tournament lt4-search-greedy-1v3 little-town --bots greedy,$ISMCTS --one $ISMCTS --players 4 --games 100 --seed 7711"
    [lt2-search-builder]="tournament lt2-search-builder little-town --bots greedy:style=builder,$ISMCTS --players 2 --games 100 --seed 7700"
    [lt3-search-builder-1v2]="tournament lt3-search-builder-1v2 little-town --bots greedy:style=builder,$ISMCTS --one $ISMCTS --players 3 --games 200 --seed 7703"  # 102 games straddled the equal share: extended (201 played; the first 102 unchanged)
    [lt4-search-builder-1v3]="tournament lt4-search-builder-1v3 little-town --bots greedy:style=builder,$ISMCTS --one $ISMCTS --players 4 --games 100 --seed 7706"
    [lt2-search-chaser]="tournament lt2-search-chaser little-town --bots greedy:style=chaser,$ISMCTS --players 2 --games 100 --seed 7701"
    [lt3-search-chaser-1v2]="tournament lt3-search-chaser-1v2 little-town --bots greedy:style=chaser,$ISMCTS --one $ISMCTS --players 3 --games 100 --seed 7704"
    [lt4-search-chaser-1v3]="tournament lt4-search-chaser-1v3 little-town --bots greedy:style=chaser,$ISMCTS --one $ISMCTS --players 4 --games 100 --seed 7707"
    [lt2-search-hoarder]="tournament lt2-search-hoarder little-town --bots greedy:style=hoarder,$ISMCTS --players 2 --games 100 --seed 7702"
    [lt3-search-hoarder-1v2]="tournament lt3-search-hoarder-1v2 little-town --bots greedy:style=hoarder,$ISMCTS --one $ISMCTS --players 3 --games 100 --seed 7705"
    [lt4-search-hoarder-1v3]="tournament lt4-search-hoarder-1v3 little-town --bots greedy:style=hoarder,$ISMCTS --one $ISMCTS --players 4 --games 100 --seed 7708"
    [ll2-search-greedy]="tournament ll2-search-greedy lowlands --bots greedy,$ISMCTS --players 2 --games 100 --seed 6100"
    [ll2-search-dike-builder]="tournament ll2-search-dike-builder lowlands --bots greedy:style=dike-builder,$ISMCTS --players 2 --games 100 --seed 6900"
    [ll2-search-shepherd]="tournament ll2-search-shepherd lowlands --bots greedy:style=shepherd,$ISMCTS --players 2 --games 100 --seed 7100"
    [ll2-search-farmer]="tournament ll2-search-farmer lowlands --bots greedy:style=farmer,$ISMCTS --players 2 --games 100 --seed 7200"
    [ll3-search-greedy-1v2]="tournament ll3-search-greedy-1v2 lowlands --bots greedy,$ISMCTS --one $ISMCTS --players 3 --games 100 --seed 7800"
    [ll3-search-dike-builder-1v2]="tournament ll3-search-dike-builder-1v2 lowlands --bots greedy:style=dike-builder,$ISMCTS --one $ISMCTS --players 3 --games 100 --seed 7802"
    [ll3-search-shepherd-1v2]="tournament ll3-search-shepherd-1v2 lowlands --bots greedy:style=shepherd,$ISMCTS --one $ISMCTS --players 3 --games 100 --seed 7803"
    [ll3-search-farmer-1v2]="tournament ll3-search-farmer-1v2 lowlands --bots greedy:style=farmer,$ISMCTS --one $ISMCTS --players 3 --games 100 --seed 7804"
    [ll4-search-greedy-1v3]="tournament ll4-search-greedy-1v3 lowlands --bots greedy,$ISMCTS --one $ISMCTS --players 4 --games 100 --seed 7824"
    [ll4-search-dike-builder-1v3]="tournament ll4-search-dike-builder-1v3 lowlands --bots greedy:style=dike-builder,$ISMCTS --one $ISMCTS --players 4 --games 100 --seed 7825"
    [ll4-search-shepherd-1v3]="tournament ll4-search-shepherd-1v3 lowlands --bots greedy:style=shepherd,$ISMCTS --one $ISMCTS --players 4 --games 100 --seed 7827"
    # Lewis & Clark, multiplayer: fresh seeds (6400-), never used in tuning
    [lw2-search-greedy]="tournament lw2-search-greedy lewis-clark --bots greedy,$ISMCTS --players 2 --games 100 --seed 6400"
    [lw2-greedy-rusher]="tournament lw2-greedy-rusher lewis-clark --bots greedy:style=rusher,greedy --players 2 --games 100 --seed 7801"  # the style the search loses to, against the plain greedy
    [lw2-search-rusher]="tournament lw2-search-rusher lewis-clark --bots greedy:style=rusher,$ISMCTS --players 2 --games 100 --seed 7000"
    [lw2-search-hoarder]="tournament lw2-search-hoarder lewis-clark --bots greedy:style=hoarder,$ISMCTS --players 2 --games 100 --seed 7300"
    [lw2-search-recruiter]="tournament lw2-search-recruiter lewis-clark --bots greedy:style=recruiter,$ISMCTS --players 2 --games 100 --seed 7400"
    # 2 players, the search that defers to the plan's near-ties (GAME.search_defer, since
    # 562c278; the four entries above measured it before), fresh seeds (7813-)
    [lw2-search-rusher-defer]="tournament lw2-search-rusher-defer lewis-clark --bots greedy:style=rusher,$ISMCTS --players 2 --games 100 --seed 7813"
    [lw2-search-greedy-defer]="tournament lw2-search-greedy-defer lewis-clark --bots greedy,$ISMCTS --players 2 --games 100 --seed 7814"
    [lw2-search-hoarder-defer]="tournament lw2-search-hoarder-defer lewis-clark --bots greedy:style=hoarder,$ISMCTS --players 2 --games 100 --seed 7815"
    [lw2-search-recruiter-defer]="tournament lw2-search-recruiter-defer lewis-clark --bots greedy:style=recruiter,$ISMCTS --players 2 --games 100 --seed 7816"
    [lw3-search-greedy]="tournament lw3-search-greedy lewis-clark --bots greedy,$ISMCTS --players 3 --games 50 --seed 6500"
    [lw4-search-greedy]="tournament lw4-search-greedy lewis-clark --bots greedy,$ISMCTS --players 4 --games 34 --seed 6600"  # 3 and 4: playouts of two rounds
    # playouts of four rounds at 3 players or more (issue 24), a fresh seed
    [lw3-search4-greedy]="tournament lw3-search4-greedy lewis-clark --bots greedy,$ISMCTS --players 3 --games 50 --seed 6700"
    # at 4 players the search in one, two and three seats would take about 3 hours here:
    # one search against three greedy (--one), 25 deals in 4 rotations, a fresh seed
    [lw4-search4-1v3]="tournament lw4-search4-1v3 lewis-clark --bots greedy,$ISMCTS --one $ISMCTS --players 4 --games 100 --seed 6800"
    # one search against two of each style at 3 players (--one), fresh seeds (7600-)
    [lw3-search4-hoarder-1v2]="tournament lw3-search4-hoarder-1v2 lewis-clark --bots greedy:style=hoarder,$ISMCTS --one $ISMCTS --players 3 --games 100 --seed 7600"
    [lw3-search4-recruiter-1v2]="tournament lw3-search4-recruiter-1v2 lewis-clark --bots greedy:style=recruiter,$ISMCTS --one $ISMCTS --players 3 --games 100 --seed 7601"
    [lw3-search4-rusher-1v2]="tournament lw3-search4-rusher-1v2 lewis-clark --bots greedy:style=rusher,$ISMCTS --one $ISMCTS --players 3 --games 100 --seed 7602"
    # one search against three of a style at 4 players (--one), a fresh seed (7805-)
    [lw4-search4-hoarder-1v3]="tournament lw4-search4-hoarder-1v3 lewis-clark --bots greedy:style=hoarder,$ISMCTS --one $ISMCTS --players 4 --games 100 --seed 7805"
    [lw4-search4-recruiter-1v3]="tournament lw4-search4-recruiter-1v3 lewis-clark --bots greedy:style=recruiter,$ISMCTS --one $ISMCTS --players 4 --games 100 --seed 7811"
    [lw4-search4-rusher-1v3]="tournament lw4-search4-rusher-1v3 lewis-clark --bots greedy:style=rusher,$ISMCTS --one $ISMCTS --players 4 --games 100 --seed 7817"
    [lw4-search4-rusher-1v3-more]="tournament lw4-search4-rusher-1v3-more lewis-clark --bots greedy:style=rusher,$ISMCTS --one $ISMCTS --players 4 --games 100 --seed 7826"  # 100 more of the same table, fresh deals: with 7817, one 200-game claim
    # 3 players, the search deferring to its plan's near-ties as at 2 players (defer=4; the
    # default since these four held): the style the plain search did not beat, then the others
    [lw3-search4-rusher-1v2-defer]="tournament lw3-search4-rusher-1v2-defer lewis-clark --bots greedy:style=rusher,ismcts:defer=4 --one ismcts:defer=4 --players 3 --games 100 --seed 7818"
    [lw3-search4-recruiter-1v2-defer]="tournament lw3-search4-recruiter-1v2-defer lewis-clark --bots greedy:style=recruiter,ismcts:defer=4 --one ismcts:defer=4 --players 3 --games 100 --seed 7820"
    [lw3-search4-greedy-1v2-defer]="tournament lw3-search4-greedy-1v2-defer lewis-clark --bots greedy,ismcts:defer=4 --one ismcts:defer=4 --players 3 --games 100 --seed 7821"
    [lw3-search4-hoarder-1v2-defer]="tournament lw3-search4-hoarder-1v2-defer lewis-clark --bots greedy:style=hoarder,ismcts:defer=4 --one ismcts:defer=4 --players 3 --games 100 --seed 7822"
    # 4 players, deferring (defer=4) against the style the default does not beat, a fresh
    # seed: not met either, so the 4-player default does not defer
    [lw4-search4-rusher-1v3-defer]="tournament lw4-search4-rusher-1v3-defer lewis-clark --bots greedy:style=rusher,ismcts:defer=4 --one ismcts:defer=4 --players 4 --games 100 --seed 7823"
    # Lewis & Clark, solo against Mackenzie: fresh deals (59000-, 60000-), never used in tuning
    [lws-search-d0]="simulate lws-search-d0 lewis-clark --bots $ISMCTS --games 100 --seed 59000 -o difficulty=0"
    [lws-search-d2]="simulate lws-search-d2 lewis-clark --bots $ISMCTS --games 100 --seed 60000 -o difficulty=2"
)
ORDER=(lc-greedy-random lc-search-random lc-search300-greedy lc-search-sprt lc3-search-greedy-6c lc3-search-greedy-5c
       lc3-search-aggressive-5c lc3-search-aggressive-6c lc3-search-committer-5c lc3-search-committer-6c
       lc3-search-scavenger-5c lc3-search-scavenger-6c lc3-search-cautious-5c lc3-search-cautious-6c lc3-net-plain-6c lc3-net-plain-5c lc3-net5-plain-5c
       lt-greedy-random-3p lt2-search-greedy lt3-search-greedy-1v2 lt4-search-greedy-1v3
       lt2-search-builder lt2-search-chaser lt2-search-hoarder lt3-search-builder-1v2 lt3-search-chaser-1v2 lt3-search-hoarder-1v2
       lt4-search-builder-1v3 lt4-search-chaser-1v3 lt4-search-hoarder-1v3
       ll2-search-greedy ll2-search-dike-builder ll2-search-shepherd ll2-search-farmer ll3-search-greedy-1v2 ll3-search-dike-builder-1v2
       ll3-search-shepherd-1v2 ll3-search-farmer-1v2 ll4-search-greedy-1v3
       ll4-search-dike-builder-1v3 ll4-search-shepherd-1v3
       lw2-search-greedy lw2-greedy-rusher lw2-search-rusher lw2-search-hoarder lw2-search-recruiter lw2-search-rusher-defer lw2-search-greedy-defer lw2-search-hoarder-defer lw2-search-recruiter-defer
       lw3-search-greedy lw4-search-greedy lw3-search4-greedy lw4-search4-1v3
       lw3-search4-hoarder-1v2 lw3-search4-recruiter-1v2 lw3-search4-rusher-1v2 lw4-search4-hoarder-1v3 lw4-search4-recruiter-1v3 lw4-search4-rusher-1v3
       lw3-search4-rusher-1v2-defer lw3-search4-recruiter-1v2-defer lw3-search4-greedy-1v2-defer
       lw3-search4-hoarder-1v2-defer lw4-search4-rusher-1v3-defer
       lw4-search4-rusher-1v3-more
       lws-search-d0 lws-search-d2)
for job in "${@:-${ORDER[@]}}"; do
    [[ -n "${JOBS[$job]:-}" ]] || { echo "unknown entry $job; entries: ${ORDER[*]}" >&2; exit 2; }
    ${JOBS[$job]}
done
