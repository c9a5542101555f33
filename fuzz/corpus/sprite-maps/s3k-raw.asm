Map_P:
		dc.w F_0-Map_P
		dc.w F_1-Map_P
F_0:	dc.w 2
		dc.b  $EC,  $F,   0,   0, $FF, $E0
		dc.b   $C,   8,   8, $10,   0,   0
F_1:	dc.w 0
