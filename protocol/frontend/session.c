/* session.c - the services the front ends share: a search planned by the time manager and
 * started on the searcher, its record for the depth rule, a new game, the options, the guess
 * and the pre-sort; and the session's own set-up and teardown. */
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "explain.h"
#include "notation.h"

/* The front end in use. */
static const FrontEnd *front_in_use(const Session *s) { return s->front_ends[s->mode]; }

/* The time manager's plan for the game's current position, with `legal_moves` root moves to
 * choose from (0 = unknown) and the root restricted to `searchmoves` (`count` of them; none: every
 * legal move); the session's settings complete the request and give the player that searches
 * (`features`; under UCI_LimitStrength the player the setting is at this control, whose profile's
 * name is returned). The plan is whole when this returns, and no one writes it again: the
 * searcher and its stages search copies of it (docs/ARCHITECTURE.md, "One plan per move"). */
static const char *plan_search(Session *s, TimeRequest *t, int legal_moves, const Move *searchmoves, int count,
                               SearchFeatures *features, TimePlan *plan)
{
    t->overhead_ms = s->settings.move_overhead_ms;
    t->start_depth = s->settings.start_depth;
    settings_search_features(&s->settings, features);
    t->iterative = features->iterative_deepening; /* the setting's own profile reads the control */
    const char *profile =
        settings_player_at_clock(&s->settings, timeman_clock_ratio(&s->timeman, t), features, &t->work_us);
    t->iterative = features->iterative_deepening;
    t->paced = features->pace_multiple > 0;
    /* [P] "The opening is defined to be the first eight moves", counted as the pre-sort counts
     * them (docs/SPEC.md §5.1). */
    t->in_opening = s->game.started_from_initial && s->game.pos.fullmove <= OPENING_LAST_MOVE;
    t->legal_moves = legal_moves;
    timeman_plan(&s->timeman, t, plan);
    SearchLimits *root = &plan->search;
    root->started_from_initial = s->game.started_from_initial;
    root->multipv = s->settings.multipv;
    root->variety = s->settings.variety;
    root->variety_margin = settings_variety_margin(&s->settings);
    for (int i = 0; i < count && root->searchmoves_count < MOVE_LIST_MAX; i++)
        root->searchmoves[root->searchmoves_count++] = searchmoves[i];
#ifdef TECH_FUZZ_NODE_CAP
    /* Fuzz builds (tests/fuzz): every search, ponder and analysis ends within this many nodes,
     * so that one fuzz input stays fast whatever it asks for. Speed PDP-10 keeps its pace: every
     * stage must stay stoppable at it, and the fuzz session never waits for one. */
    if (!root->nodes || root->nodes > TECH_FUZZ_NODE_CAP) root->nodes = TECH_FUZZ_NODE_CAP;
#endif
    return profile;
}

/* Held to UCI_Elo's work grown with the clock, the player at this control, said when it is not
 * the table's (10+0.1's) and not yet said this game. */
static void note_work_at_clock(Session *s, const TimePlan *plan, const char *profile)
{
    int64_t work_us = plan->clock.work_us, table_us = settings_work_us(&s->settings);
    if (!plan->clock.by_work || work_us == table_us || work_us == s->said_work_us) return;
    s->said_work_us = work_us;
    const char *table_profile = settings_profile_name(&s->settings);
    char text[240];
    if (strcmp(profile, table_profile) == 0)
        snprintf(text, sizeof text,
                 "UCI_Elo %d at this clock: %.1f PDP-10 seconds of work a move, x%.2f the work at 10+0.1 "
                 "(Strength Clock: grows with the clock)",
                 s->settings.elo, (double)work_us / 1e6, (double)work_us / (double)table_us);
    else
        snprintf(text, sizeof text,
                 "UCI_Elo %d at this clock: %s with %.1f PDP-10 seconds of work a move (at 10+0.1 %s with %.1f; "
                 "Strength Clock: grows with the clock)",
                 s->settings.elo, profile, (double)work_us / 1e6, table_profile, (double)table_us / 1e6);
    front_in_use(s)->notice(text);
}

unsigned session_search(Session *s, SearchRequest *request, TimePlan *plan)
{
    /* A pondered position's own move count is unknown before the guess: never "only move". */
    int legal_moves = request->kind == JOB_SELF_PONDER ? 0 : game_legal_count(&s->game);
    if (request->searchmoves_count > 0 && request->searchmoves_count < legal_moves)
        legal_moves = request->searchmoves_count;
    JobRequest job_request = {
        .kind = request->kind,
        .position = &s->game.pos,
        .clock_start_us = request->clock_start_us,
        .want_guess = request->want_guess,
        .reporter = request->reporter,
    };
    const char *profile = plan_search(s, &request->time, legal_moves, request->searchmoves, request->searchmoves_count,
                                      &job_request.features, plan);
    /* UCI_Elo: the pace that spreads the move's work over its time. */
    if (plan->clock.pace_multiple > 0) job_request.features.pace_multiple = plan->clock.pace_multiple;
    note_work_at_clock(s, plan, profile);
    if (request->explain || s->settings.explain_moves)
        explain_request(&s->game.pos, &job_request.features, s->game.started_from_initial, &plan->search.explain);
    job_request.plan = *plan;
    session_sync_hash(s);
    return searcher_start(s->searcher, &job_request);
}

void session_replan(Session *s, const TimeRequest *request, TimePlan *plan)
{
    TimeRequest t = *request;
    SearchFeatures features;
    plan_search(s, &t, game_legal_count(&s->game), NULL, 0, &features, plan);
}

/* Held to UCI_Elo's work, a machine or a clock that cannot give it is said once a game. */
static void note_short_of_work(Session *s, const JobResult *result)
{
    if (!result->short_of_work || s->said_short_of_work) return;
    s->said_short_of_work = true;
    char text[200];
    snprintf(text, sizeof text,
             "UCI_Elo %d wants x%.0f of the PDP-10 at this clock; this machine gave x%.0f: "
             "TECH plays as well as it can",
             s->settings.elo, result->pace_wanted, result->pace_reached);
    front_in_use(s)->notice(text);
}

void session_record(Session *s, const TimePlan *plan, const JobResult *result, int64_t clock_start_us)
{
    note_short_of_work(s, result);
    if (!plan->clock.by_rule || result->best_move == MOVE_NONE) return;
    int64_t clock_us = clock_now_us() - clock_start_us;
    int64_t search_us = result->depth_time_us;
    /* CECP `nps`: the move's time is its nodes at the given rate, on the rule's side too. */
    if (plan->clock.node_rate > 0)
        clock_us = search_us = (int64_t)((double)result->nodes * 1e6 / (double)plan->clock.node_rate);
    /* UCI_Elo: the rule weighs the move's work against the work a move may take. */
    if (plan->clock.by_work) clock_us = search_us = result->work_us;
    /* Short of the depth the rule asked for: the search was cut off. A search stopped after it
     * had that depth (a ponder hit that found the work done, a ponder search that went deeper)
     * played what the rule wanted. */
    if (result->depth < plan->clock.target_depth)
        timeman_record(&s->timeman, plan->clock.target_depth, clock_us, clock_us, true);
    else timeman_record(&s->timeman, result->depth, search_us, clock_us, false);
}

void session_new_game(Session *s)
{
    session_sync_hash(s);
    game_reset(&s->game);
    searcher_clear(s->searcher);
    timeman_init(&s->timeman, s->settings.start_depth);
    s->said_short_of_work = false;
    s->said_work_us = 0;
}

/* The message of a Hash size that could not be had. */
static void hash_failure_text(int wanted_mb, int kept_mb, char *message, size_t size)
{
    if (kept_mb > 0) snprintf(message, size, "no memory for a %d MB table; Hash stays %d MB", wanted_mb, kept_mb);
    else snprintf(message, size, "no memory for a %d MB table; TECH runs without one", wanted_mb);
}

/* A setting that changes who plays (profile, switches, speed, UCI_Elo's work, the start depth)
 * takes effect on the next move as it would in a new game: the depth rule's history was counted
 * in the old player's time or work, and read by the new one it would keep a depth the new player
 * cannot finish (a full-speed depth held to a strength's work) for several moves. */
static void restart_time_rule_if_new_player(Session *s, const Settings *before)
{
    if (settings_same_player(before, &s->settings)) return;
    timeman_init(&s->timeman, s->settings.start_depth);
    s->said_short_of_work = false;
    s->said_work_us = 0;
}

/* The game follows the setting's variant; a game that standard chess cannot hold starts again
 * from the initial array, and the protocol says why. */
static void apply_variant(Session *s)
{
    const char *refusal = game_set_chess960(&s->game, s->settings.chess960);
    if (!refusal) return;
    char text[160];
    snprintf(text, sizeof text, "%s: the game starts again from the initial array", refusal);
    front_in_use(s)->notice(text);
}

OptionOutcome session_set_option(Session *s, const char *name, const char *value, char *message, size_t message_size)
{
    Settings before = s->settings;
    OptionResult result = options_set(&s->settings, name, value, message, message_size);
    restart_time_rule_if_new_player(s, &before);
    apply_variant(s);
    switch (result) {
    case OPTION_FAILED: return OPTION_REFUSED;
    case OPTION_STORED: return OPTION_APPLIED;
    case OPTION_CLEAR_HASH:
        if (searcher_busy(s->searcher)) {
            snprintf(message, message_size, "Clear Hash ignored during a search");
            return OPTION_BUSY;
        }
        searcher_clear(s->searcher);
        return OPTION_APPLIED;
    case OPTION_HASH_SIZE: break;
    }
    int wanted = s->settings.hash_mb;
    switch (searcher_set_hash(s->searcher, wanted)) {
    case HASH_APPLIED: return OPTION_APPLIED;
    case HASH_DEFERRED:
        snprintf(message, message_size, "Hash %d MB takes effect when the search has ended", wanted);
        return OPTION_DEFERRED;
    case HASH_NO_MEMORY: break;
    }
    /* The setting tells the truth: the table in use. */
    s->settings.hash_mb = searcher_hash_mb(s->searcher);
    hash_failure_text(wanted, s->settings.hash_mb, message, message_size);
    return OPTION_NO_MEMORY;
}

void session_sync_hash(Session *s)
{
    int wanted = s->settings.hash_mb;
    if (searcher_apply_hash(s->searcher) != HASH_NO_MEMORY) return;
    s->settings.hash_mb = searcher_hash_mb(s->searcher);
    char message[160];
    hash_failure_text(wanted, s->settings.hash_mb, message, sizeof message);
    const FrontEnd *front = front_in_use(s);
    if (front->hash_failure) front->hash_failure(message, wanted);
    else front->notice(message);
}

void session_set_chess960(Session *s, bool on)
{
    s->settings.chess960 = on;
    apply_variant(s);
}

void session_append_pv(TextBuffer *out, Move prefix, const Move *pv, int count, CastlingNotation castling)
{
    char text[MOVE_TEXT_MAX];
    if (prefix != MOVE_NONE) {
        move_to_text(prefix, castling, text);
        text_append(out, " %s", text);
    }
    for (int i = 0; i < count; i++) {
        move_to_text(pv[i], castling, text);
        text_append(out, " %s", text);
    }
}

Move session_guess(Session *s)
{
    if (game_legal_count(&s->game) == 0) return MOVE_NONE;
    return searcher_guess(s->searcher, &s->game.pos, &s->settings.features, s->game.started_from_initial);
}

bool session_presort(Session *s, Presort *out)
{
    Position *copy = malloc(sizeof *copy);
    if (!copy) return false;
    position_copy(copy, &s->game.pos);
    const SearchFeatures *f = &s->settings.features;
    if (f->presort) presort_root(copy, s->game.started_from_initial, f->expanded_positional, f->presort_reading, out);
    else presort_none(copy, out);
    free(copy);
    return true;
}

void session_report_ponder(Session *s, const char *lead)
{
    int hits, total;
    searcher_ponder_stats(s->searcher, &hits, &total);
    char text[160];
    snprintf(text, sizeof text, "%s: ponder hits %d of %d (%d%%)", lead, hits, total, total ? 100 * hits / total : 0);
    front_in_use(s)->notice(text);
}

/* Called on a search thread: queue the event for the adapter thread. */
static void on_search_done(void *context, unsigned id) { event_queue_push_done(context, id); }

void session_leave_mode(Session *s) { front_in_use(s)->leave(s->front[s->mode]); }

bool session_open(Session *s, const FrontEnd *const *front_ends)
{
    memset(s, 0, sizeof *s);
    s->front_ends = front_ends;
    settings_init(&s->settings);
    game_init(&s->game);
    timeman_init(&s->timeman, s->settings.start_depth);
    s->queue = event_queue_create();
    if (!s->queue) return false;
    s->searcher = searcher_create(on_search_done, s->queue);
    if (s->searcher && searcher_hash_mb(s->searcher) != s->settings.hash_mb) {
        /* No memory even for the default table: play without one, and say so before any
         * protocol is chosen (stderr, which GUIs log). */
        fprintf(stderr, "tech: no memory for a %d MB table; TECH runs without one\n", s->settings.hash_mb);
        s->settings.hash_mb = searcher_hash_mb(s->searcher);
    }
    bool created = true;
    for (Mode m = 0; m < MODE_COUNT; m++) {
        s->front[m] = front_ends[m]->create(s);
        created = created && s->front[m];
    }
    return s->searcher && created;
}

/* Nothing may push to the queue once it is freed: the reader is stopped before (daemon.c), the
 * engine's thread is joined by searcher_destroy, and the front ends stop their own tasks. */
void session_close(Session *s)
{
    if (s->searcher && s->front[s->mode]) session_leave_mode(s);
    searcher_destroy(s->searcher);
    for (Mode m = 0; m < MODE_COUNT; m++)
        if (s->front[m]) s->front_ends[m]->destroy(s->front[m]);
    game_free(&s->game);
    event_queue_destroy(s->queue);
}
