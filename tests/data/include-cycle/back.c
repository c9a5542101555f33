/* SPDX-License-Identifier: MIT */
#include "shared.h"

int back(int v)
{
    return v > 0 ? front(v - 1) : 1;
}
