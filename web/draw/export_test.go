package draw

// LoadColour returns the colour of a link of load x on the scale of unit
// ideal (IdealLoad; x = 0: an unused link), for the tests.
func LoadColour(x, ideal float64) string { return loadColours[loadBin(x, ideal)] }

// CoolestLoadColour is the colour of a used link loaded at most the ideal.
func CoolestLoadColour() string { return loadColours[1] }
