/* SPDX-License-Identifier: MIT */
#include "cli.h"

int cli_pack_main(int argc, char **argv)
{
    (void)argc;
    return cli_not_implemented(argv[0]);
}

int cli_unpack_main(int argc, char **argv)
{
    (void)argc;
    return cli_not_implemented(argv[0]);
}
