D:	mappingsTable
	mappingsTableEntry.w	D_0
	mappingsTableEntry.w	D_1
D_0:	dplcHeader
D_0_End
D_1:	dplcHeader
	dplcEntry	2, 3
	dplcEntry	$10, $FFF
D_1_End
	even
