/* SPDX-License-Identifier: MIT */
/* Game profiles (§10, §11): presets, characters, named parameters, level overrides. */
#include <glib.h>
#include <loopwright/profile.h>
#include <string.h>

static void test_presets(void)
{
    g_assert_cmpuint(lw_profile_preset_count(), ==, 5);
    const char *names[] = {"s1", "s2", "s3k", "cd", "modern"};
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
        const lw_profile *p = lw_profile_find(names[i]);
        g_assert_nonnull(p);
        g_assert_true(p == lw_profile_preset_at(i));
        g_assert_cmpstr(p->name, ==, names[i]);
        g_assert_cmpstr(p->character, ==, "sonic");
        /* the common constants of §4.1 / §5.1 / §6.1 */
        g_assert_cmpint(p->acc, ==, 12);
        g_assert_cmpint(p->dec, ==, 128);
        g_assert_cmpint(p->frc, ==, 12);
        g_assert_cmpint(p->top, ==, 1536);
        g_assert_cmpint(p->slp, ==, 32);
        g_assert_cmpint(p->air_acc, ==, 24);
        g_assert_cmpint(p->gravity, ==, 56);
        g_assert_cmpint(p->jump, ==, 1664);
        g_assert_cmpint(p->jump_release, ==, 1024);
        g_assert_cmpint(p->up_cap, ==, 4032);
        g_assert_cmpint(p->roll_frc, ==, 6);
        g_assert_cmpint(p->roll_dec, ==, 32);
        g_assert_cmpint(p->roll_slp, ==, 80);
        g_assert_cmpint(p->roll_cap, ==, 4096);
        g_assert_cmpint(p->stand_hr, ==, 19);
        g_assert_cmpint(p->stand_wr, ==, 9);
        g_assert_cmpint(p->ball_hr, ==, 14);
        g_assert_cmpint(p->ball_wr, ==, 7);
        g_assert_cmpint(p->push_radius, ==, 10);
    }
    g_assert_null(lw_profile_find("s4"));
    g_assert_null(lw_profile_find("S2"));
    g_assert_cmpstr(lw_profile_default()->name, ==, "s2");

    /* §10 differences */
    const lw_profile *s1 = lw_profile_find("s1"), *s2 = lw_profile_find("s2"),
                     *s3k = lw_profile_find("s3k"), *cd = lw_profile_find("cd"),
                     *modern = lw_profile_find("modern");
    g_assert_false(s1->fix_ground_topspeed_clamp);
    g_assert_true(s2->fix_ground_topspeed_clamp && cd->fix_ground_topspeed_clamp &&
                  s3k->fix_ground_topspeed_clamp);
    g_assert_false(s1->fix_air_topspeed_clamp || s2->fix_air_topspeed_clamp ||
                   cd->fix_air_topspeed_clamp);
    g_assert_true(s3k->fix_air_topspeed_clamp);
    g_assert_true(s2->speed_snap_limit && s3k->speed_snap_limit);
    g_assert_false(s1->speed_snap_limit || cd->speed_snap_limit);
    g_assert_cmpint(cd->terminal, ==, 4096);
    g_assert_cmpint(s2->terminal, ==, 0);
    g_assert_cmpint(s3k->roll_start, ==, 0x100);
    g_assert_cmpint(s3k->roll_stop, ==, 0x80);
    g_assert_cmpint(s2->roll_start, ==, 0x80);
    g_assert_true(cd->rolljump_air_control);
    g_assert_true(s3k->push_sensors_on_cardinals && s3k->slope_factor_at_rest);
    /* modern fixes every §11 quirk */
    g_assert_true(modern->fix_ground_topspeed_clamp && modern->fix_air_topspeed_clamp &&
                  modern->move_on_jump_frame && modern->fix_rolljump_radius &&
                  modern->roll_cap_on_gsp && modern->landing_filter_all_quadrants &&
                  modern->push_sensors_on_cardinals && modern->symmetric_brake_flip &&
                  modern->symmetric_sine_table && modern->fix_push_response_rounding &&
                  modern->push_low_symmetric && modern->slope_factor_at_rest &&
                  modern->fix_slip_after_ledge && modern->drag_window_exclusive);
    /* the originals have none of the fixes switched on, except what a game fixed itself */
    g_assert_false(s2->move_on_jump_frame || s2->fix_rolljump_radius || s2->roll_cap_on_gsp ||
                   s2->landing_filter_all_quadrants || s2->symmetric_brake_flip ||
                   s2->symmetric_sine_table || s2->fix_push_response_rounding ||
                   s2->push_low_symmetric || s2->fix_slip_after_ledge || s2->drag_window_exclusive);
}

static void test_characters(void)
{
    g_assert_cmpuint(lw_character_count(), ==, 3);
    lw_profile p;
    lw_error err;
    g_assert_true(lw_profile_init(&p, "s2", "tails", &err));
    g_assert_cmpint(p.stand_hr, ==, 15);
    g_assert_cmpint(p.jump, ==, 0x680);
    g_assert_cmpstr(p.character, ==, "tails");
    g_assert_true(lw_profile_init(&p, "s3k", "knuckles", &err));
    g_assert_cmpint(p.stand_hr, ==, 19);
    g_assert_cmpint(p.jump, ==, 0x600);
    g_assert_true(lw_profile_init(&p, NULL, NULL, &err));
    g_assert_cmpstr(p.name, ==, "s2");
    g_assert_cmpstr(p.character, ==, "sonic");
    g_assert_false(lw_profile_init(&p, "s2", "amy", &err));
    g_assert_cmpint(err.code, ==, LW_ERR_RANGE);
    g_assert_nonnull(strstr(err.message, "amy"));
    g_assert_false(lw_profile_init(&p, "sonic4", "sonic", &err));
    g_assert_nonnull(strstr(err.message, "sonic4"));
}

static void test_params(void)
{
    size_t n = lw_param_count();
    g_assert_cmpuint(n, >, 50);
    const lw_profile *s2 = lw_profile_find("s2");
    bool seen_switch = false;
    for (size_t i = 0; i < n; i++) {
        const lw_param_info *info = lw_param_at(i);
        g_assert_nonnull(info->name);
        g_assert_nonnull(info->unit);
        g_assert_nonnull(info->description);
        g_assert_cmpint(lw_param_find(info->name), ==, (int32_t)i);
        g_assert_cmpint(info->min, <=, info->max);
        int32_t v = lw_profile_get(s2, i);
        g_assert_cmpint(v, >=, info->min);
        g_assert_cmpint(v, <=, info->max);
        /* constants first, then switches */
        if (info->kind == LW_PARAM_SWITCH)
            seen_switch = true;
        else
            g_assert_false(seen_switch);
        /* set/get round trip */
        lw_profile p = *s2;
        g_assert_true(lw_profile_set(&p, i, info->max));
        g_assert_cmpint(lw_profile_get(&p, i), ==, info->max);
        g_assert_false(lw_profile_set(&p, i, info->max + 1));
        g_assert_cmpint(lw_profile_get(&p, i), ==, info->max);
    }
    g_assert_cmpint(lw_profile_get(s2, (size_t)lw_param_find("gravity")), ==, 56);
    g_assert_cmpint(lw_profile_get(s2, (size_t)lw_param_find("speed_snap_limit")), ==, 1);
    g_assert_cmpint(lw_param_find("nope"), ==, -1);
    /* every §11 option named in the spec is there */
    const char *names[] = {
        "fix_ground_topspeed_clamp",  "fix_air_topspeed_clamp", "move_on_jump_frame",
        "fix_rolljump_radius",        "roll_cap_on_gsp",        "landing_filter_all_quadrants",
        "push_sensors_on_cardinals",  "symmetric_brake_flip",   "symmetric_sine_table",
        "fix_push_response_rounding", "push_low_symmetric",     "slope_factor_at_rest",
        "drag_window_exclusive"};
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
        int32_t idx = lw_param_find(names[i]);
        g_assert_cmpint(idx, >=, 0);
        g_assert_cmpint(lw_param_at((size_t)idx)->kind, ==, LW_PARAM_SWITCH);
    }
}

static void test_overrides(void)
{
    lw_error err;
    lw_level *level = lw_level_new(128, 2, 2, &err);
    g_assert_true(lw_level_set_override(level, "top", 0x800));
    g_assert_true(lw_level_set_override(level, "fix_air_topspeed_clamp", 1));
    lw_profile p;
    g_assert_true(lw_profile_init(&p, "s2", "sonic", &err));
    g_assert_true(lw_profile_apply_overrides(&p, level, &err));
    g_assert_cmpint(p.top, ==, 0x800);
    g_assert_true(p.fix_air_topspeed_clamp);
    g_assert_cmpint(p.acc, ==, 12);

    g_assert_true(lw_level_set_override(level, "wobble", 3));
    g_assert_false(lw_profile_apply_overrides(&p, level, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_RANGE);
    g_assert_nonnull(strstr(err.message, "wobble"));
    lw_level_free(level);

    level = lw_level_new(128, 2, 2, &err);
    g_assert_true(lw_level_set_override(level, "gravity", -5));
    g_assert_false(lw_profile_apply_overrides(&p, level, &err));
    g_assert_nonnull(strstr(err.message, "gravity"));
    lw_level_free(level);
}

/* §11.10: the symmetric table differs only at 147 and 237. */
static void test_sine_choice(void)
{
    lw_profile p = *lw_profile_find("s2");
    g_assert_cmpint(lw_profile_sin(&p, 147), ==, -117);
    g_assert_cmpint(lw_profile_cos(&p, 237 - 64), ==, -117);
    p.symmetric_sine_table = true;
    g_assert_cmpint(lw_profile_sin(&p, 147), ==, -115);
    g_assert_cmpint(lw_profile_sin(&p, 237), ==, -115);
    for (int a = 0; a < 256; a++)
        if (a != 147 && a != 237)
            g_assert_cmpint(lw_profile_sin(&p, (uint8_t)a), ==, lw_sine_table[a]);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/profile/presets", test_presets);
    g_test_add_func("/engine/profile/characters", test_characters);
    g_test_add_func("/engine/profile/params", test_params);
    g_test_add_func("/engine/profile/overrides", test_overrides);
    g_test_add_func("/engine/profile/sine-choice", test_sine_choice);
    return g_test_run();
}
