/* SPDX-License-Identifier: MIT */
/* Fixture for scripts/check-include-cycles --calls: one private header shared by two sources
 * that call each other (as engine/src's physics.h once was); must be reported as a cycle. */
#pragma once
int front(int v);
int back(int v);
