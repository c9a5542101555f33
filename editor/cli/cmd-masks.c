/* SPDX-License-Identifier: MIT */
#include "cli.h"

int cli_masks_main(int argc, char **argv)
{
    (void)argc;
    return cli_not_implemented(argv[0]);
}
