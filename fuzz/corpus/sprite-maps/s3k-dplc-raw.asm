DPLC_X:	dc.w w_0-DPLC_X
	dc.w w_1-DPLC_X
w_0:	dc.w -1
w_1:	dc.w 1
		dc.w $0031
		dc.w $FFFF
