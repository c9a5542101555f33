/* SPDX-License-Identifier: MIT */
#include "shared.h"

int front(int v)
{
    return v > 0 ? back(v - 1) : 0;
}
