Map_Ring_internal:	mappingsTable
	mappingsTableEntry.w	.front
	mappingsTableEntry.w	.edge
.front:	spriteHeader
	spritePiece	-8, -8, 2, 2, 0, 0, 0, 0, 0	; ring front
.front_End
.edge:	spriteHeader
	spritePiece	-4, -8, 1, 2, 8, 0, 0, 0, 0
.edge_End
	even
