// `make bench` / `swift run -c release pagervoice-bench`: prints every speed figure PagerVoice
// promises, measured on this machine.
CoreBench.run()
print("")
MotionBench.run()
print("")
SpeechBench.run()
