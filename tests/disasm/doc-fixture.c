/* SPDX-License-Identifier: MIT */
#include "doc-fixture.h"

#include "disasm-unpack.h"

EditorDocument *doc_fixture_open(const char *tree, const char *name, const char *json, long *index)
{
    lwm_tree t;
    char failed[4096];
    lw_error err;
    lwm_report report = {0};
    if (!lwm_tree_open(tree, &t, failed, &err))
        g_error("%s: %s", failed, err.message);
    long i = lwm_tree_find(&t, name);
    g_assert_cmpint(i, >=, 0);
    if (!editor_disasm_unpack(&t, (size_t)i, json, NULL, &report, failed, &err))
        g_error("%s: %s", failed, err.message);
    lwm_report_clear(&report);
    lwm_tree_clear(&t);
    GError *error = NULL;
    EditorDocument *doc = editor_document_load(json, &error);
    g_assert_no_error(error);
    g_assert_true(editor_document_is_from_tree(doc));
    if (index)
        *index = i;
    return doc;
}
