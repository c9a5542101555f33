Map_obj37_a:	mappingsTable
	mappingsTableEntry.w	Map_a_0
	mappingsTableEntry.w	Map_a_1
Map_a_0:	spriteHeader
	spritePiece	-8, -8, 2, 2, 0, 0, 0, 0, 0
	spritePiece2P	-8, -8, 2, 2, 0, 0, 0, 0, 0, 4, 1, 1, 2, 1
Map_a_0_End
Map_a_1:	spriteHeader
	spritePiece	-$10, (-4*2)+1, 4, 1, $A|$100, 1, 0, 3, 1	; comment
Map_a_1_End
	even
