#ifndef PAGERVOICE_CEDITLINE_SHIM_H
#define PAGERVOICE_CEDITLINE_SHIM_H
#include <stdio.h>
#include <histedit.h>
#endif
