#pragma once
/* SPDX-License-Identifier: MIT */
/* Test hooks of the masks library (not part of the public API): see file-io-private.h. */
#include "file-io-private.h"
