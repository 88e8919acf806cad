/* console_options.c - TECH's settings at the console: its strength (`strength`), its profile
 * (`style`), any option by name (`set`, or UCI's `setoption` typed in a game), and the list of
 * them all (`options`), the console's own: no hint sends the person to another protocol. Each
 * change that makes TECH another player says which now plays (console_game.c). */
#include "console_internal.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "number.h"

/* Set one option as UCI's setoption does; say why not when it did not take. UCI_Elo set alone
 * holds TECH to it (UCI_LimitStrength on), as a person setting a level means. */
static void apply_option(Console *c, const char *name, const char *value)
{
    char message[160];
    OptionOutcome outcome = session_set_option(c->s, name, value, message, sizeof message);
    if (outcome != OPTION_APPLIED) io_printf("%s", message);
    if (outcome != OPTION_APPLIED && outcome != OPTION_DEFERRED) return;
    bool elo = !strcasecmp(name, "UCI_Elo") && !c->s->settings.limit_strength;
    if (elo) session_set_option(c->s, "UCI_LimitStrength", "true", message, sizeof message);
    io_printf("%s %s%s", name, value ? value : "done", elo ? ", UCI_LimitStrength true" : "");
}

/* Set option `name` to `value` as typed, saying which player plays after it if TECH changed. */
static void set_option(Console *c, const char *name, const char *value)
{
    char before[PLAYER_TEXT_MAX];
    console_player_text(c, before, sizeof before);
    apply_option(c, name, value);
    console_player_changed(c, before);
}

/* "strength ELO (69..2226) or `strength full`": the words that set a strength. */
static void strength_usage(char *out, size_t size)
{
    int min = 0, max = 0;
    options_spin_range("UCI_Elo", &min, &max);
    snprintf(out, size, "`strength ELO` (%d..%d) or `strength full`", min, max);
}

void console_cmd_strength(Console *c, char *cursor)
{
    char *word = token_next(&cursor), usage[96], player[PLAYER_TEXT_MAX];
    strength_usage(usage, sizeof usage);
    console_player_text(c, player, sizeof player);
    if (!word) {
        io_printf("%s plays; %s chooses another", player, usage);
        return;
    }
    int min = 0, max = 0;
    int64_t elo = 0;
    options_spin_range("UCI_Elo", &min, &max);
    bool full = !strcmp(word, "full") || !strcmp(word, "off");
    if (token_next(&cursor) || (!full && number_read(word, min, max, &elo) != NUMBER_OK)) {
        char safe[64];
        text_printable(word, safe, sizeof safe);
        io_printf("strength: cannot read '%s'; type %s", safe, usage);
        return;
    }
    char message[160], value[24];
    snprintf(value, sizeof value, "%d", (int)elo);
    if (!full) session_set_option(c->s, "UCI_Elo", value, message, sizeof message);
    session_set_option(c->s, "UCI_LimitStrength", full ? "false" : "true", message, sizeof message);
    char now[PLAYER_TEXT_MAX];
    console_player_text(c, now, sizeof now);
    if (!strcmp(now, player)) io_printf("%s plays already", now);
    else console_player_changed(c, player);
}

void console_cmd_style(Console *c, char *cursor)
{
    char *word = token_next(&cursor), before[PLAYER_TEXT_MAX];
    console_player_text(c, before, sizeof before);
    if (word) {
        const char *style = !strcmp(word, "1971") ? "TECH-1971" : !strcmp(word, "modern") ? "TECH-modern" : word;
        char message[160];
        if (session_set_option(c->s, "Style", style, message, sizeof message) != OPTION_APPLIED) {
            io_printf("style: %s; try `style 1971` or `style modern`", message);
            return;
        }
    }
    char profile[256];
    settings_describe(&c->s->settings, profile, sizeof profile);
    io_printf("profile %s", profile);
    if (word && c->s->settings.limit_strength) /* the strength picks the profile (strength.c) */
        io_printf("(the style plays at full strength: `strength full`)");
    console_player_changed(c, before);
}

/* Words joined by single blanks. */
static void join_words(char **words, int count, TextBuffer *out)
{
    for (int i = 0; i < count; i++) text_append(out, "%s%s", i ? " " : "", words[i]);
}

void console_cmd_set(Console *c, char *cursor)
{
    enum { SET_WORDS_MAX = 16 };
    char *words[SET_WORDS_MAX];
    int count = 0;
    for (char *word; count < SET_WORDS_MAX && (word = token_next(&cursor));) words[count++] = word;
    if (count == 0) {
        io_write_line("usage: set NAME VALUE, with the names `options` lists (e.g. `set Depth 6`)");
        return;
    }
    for (int name_words = count; name_words >= 1; name_words--) {
        TextBuffer name, value;
        text_init(&name);
        text_init(&value);
        join_words(words, name_words, &name);
        join_words(words + name_words, count - name_words, &value);
        bool known = name.text && options_known(name.text);
        if (known) set_option(c, name.text, value.text);
        text_free(&name);
        text_free(&value);
        if (known) return;
    }
    char safe[64];
    text_printable(words[0], safe, sizeof safe);
    io_printf("set: no option '%s' (`options` lists them; `strength 1200` sets a level)", safe);
}

void console_cmd_setoption(Console *c, char *cursor)
{
    char *word = token_next(&cursor);
    TextBuffer name;
    text_init(&name);
    const char *value = NULL;
    while (word && !strcmp(word, "name") && !value && (word = token_next(&cursor))) {
        for (; word && strcmp(word, "value"); word = token_next(&cursor))
            text_append(&name, "%s%s", name.length ? " " : "", word);
        if (word) value = token_rest(&cursor);
        word = NULL;
    }
    if (!name.text) io_write_line("setoption: type `setoption name NAME value VALUE`, or `set NAME VALUE`");
    else if (!options_known(name.text)) io_printf("setoption: no option '%.60s'; `options` lists them", name.text);
    else set_option(c, name.text, value && *value ? value : NULL);
    text_free(&name);
}

/* One option's line: "UCI_Elo  1333 (69..2226)". */
static void say_option(const OptionDescription *o)
{
    TextBuffer line;
    text_init(&line);
    text_append(&line, "  %-32s ", o->name);
    switch (o->type) {
    case OPTION_TYPE_CHECK: text_append(&line, "%s (true or false)", o->value ? "true" : "false"); break;
    case OPTION_TYPE_SPIN: text_append(&line, "%d (%d..%d)", o->value, o->min, o->max); break;
    case OPTION_TYPE_COMBO:
        text_append(&line, "%s (", o->choices[o->value]);
        for (int i = 0; o->choices[i]; i++) text_append(&line, "%s%s", i ? ", " : "", o->choices[i]);
        text_append(&line, ")");
        break;
    case OPTION_TYPE_BUTTON: text_append(&line, "(acts when set, no value)"); break;
    case OPTION_TYPE_STRING: text_append(&line, "'%s' (text)", o->text ? o->text : ""); break;
    }
    if (line.text) io_write_line(line.text);
    text_free(&line);
}

void console_cmd_options(Console *c)
{
    io_write_line("options (`set NAME VALUE` sets one), as they stand:");
    for (int i = 0; i < options_count(); i++) {
        OptionDescription o;
        options_describe(&c->s->settings, i, &o);
        say_option(&o);
    }
}
